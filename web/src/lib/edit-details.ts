import type { PlanDate } from '@shared/plan';
import { PLAN_DATES } from '@shared/plan';

// A link that opens My Account's Edit details form and puts focus on one of its fields: the
// dashboard's "add your date" hints lead straight to the field to fill in.
const PARAM = 'edit';
const WHOLE_FORM = 'details';

/** My Account with the details form open, focus on `field` (or on the form's first field). */
export function editDetailsPath(field?: PlanDate): string {
  return `/account?${PARAM}=${field ?? WHOLE_FORM}`;
}

/**
 * What a My Account address asks for: the form open at a field, at its start (`true`), or
 * nothing (`null`, also for an unknown value).
 */
export function editDetailsRequest(search: URLSearchParams): PlanDate | true | null {
  const value = search.get(PARAM);
  if (value === WHOLE_FORM) return true;
  return PLAN_DATES.find((date) => date === value) ?? null;
}

/** The same address without the request, once the form has opened (a reload keeps the view). */
export function withoutEditDetailsRequest(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(PARAM);
  return rest;
}
