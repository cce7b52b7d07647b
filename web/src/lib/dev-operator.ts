// AUTH_MODE=dev only: which local operator this tab acts as, so a developer can try a second
// person's approval on one machine. Per tab (sessionStorage): two tabs can be two operators. The
// BFF ignores the header in every other mode, and the shell offers the switch only when /api/me
// lists dev operators, so outside dev mode nothing is stored and nothing is sent.

const KEY = 'aoc.dev-operator.v1';
export const DEV_OPERATOR_HEADER = 'X-Dev-Operator';

/** The dev operator id chosen in this tab, or undefined for the default local operator. */
export function devOperator(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Choose the operator this tab acts as (undefined: the default one). */
export function setDevOperator(id: string | undefined): void {
  try {
    if (id === undefined) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, id);
  } catch {
    // Storage disabled: the switch then does nothing, the default operator stays.
  }
}
