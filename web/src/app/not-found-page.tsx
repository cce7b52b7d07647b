import { Link } from 'react-router';
import { NotFoundState } from '../components/ui/not-found-state';
import { PageHeader } from '../components/ui/page-header';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <NotFoundState
        title="There is no page at this address."
        checks={['The link: it may have been cut short or mistyped when it was copied.']}
        action={<Link to="/statements">Go to Statements</Link>}
      />
    </>
  );
}
