import type { Scope } from '#contract/scopes';
import { HttpProblem } from '../http/http-problem';

/**
 * The token endpoint answered `invalid_scope`: this client is not granted the scope. Not an outage
 * and not transient: the feature that needs the scope is off for this deployment. Answered as 403
 * "Feature Unavailable" if a route ever reaches it (the console does not offer such a feature).
 */
export class ScopeNotGrantedError extends HttpProblem {
  constructor(readonly scope: Scope) {
    super({
      title: 'Feature Unavailable',
      status: 403,
      detail: `The upstream client is not granted the scope ${scope}, so this feature is off.`,
      scope,
    });
    this.name = 'ScopeNotGrantedError';
  }
}
