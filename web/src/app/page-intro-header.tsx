import { useLocation } from 'react-router';
import { PageHeader } from '../components/ui/page-header';
import { introFor } from '../shared/page-intros';

/**
 * The header of the page at the current path, where it says the same to everyone
 * (shared/page-intros.ts), for what shows before the page's code has run: the sign-in placeholder
 * and the page's own loading placeholder keep on screen what index.html painted first.
 */
export function PageIntroHeader() {
  const intro = introFor(useLocation().pathname);
  return intro ? <PageHeader title={intro.title} description={intro.description} /> : null;
}
