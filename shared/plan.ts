// The personal relocation plan's rules (docs/product.md#the-plan): whom a task applies to, when
// it is due, and how a due date reads. Pure: the server computes plans and reminders with it,
// the SPA the chips; every date is a German calendar day (YYYY-MM-DD, Europe/Berlin).
import type { CitizenshipGroup } from './citizenship';
import { citizenshipGroup } from './citizenship';
import { daysBetween, germanDate } from './journey';
import type { FamilyMembers } from './schemas/profile';

/** The dates of a customer's plan a due rule may count from. */
export const PLAN_DATES = ['entry_date', 'move_in_date'] as const;
export type PlanDate = (typeof PLAN_DATES)[number];

/**
 * When a task is due: `offset_days` after (before, if negative) the date it counts from; or the
 * last day of that date's month (`end_of_month`); or 31 July of the year after it
 * (`july_31_next_year`, the income-tax return's deadline for the year of the move); or
 * `offset_months` calendar months later (a month end is kept: 31 Jan + 1 month = 28/29 Feb).
 * `groups` limits a rule to some citizenship groups: the first rule that matches applies.
 */
export type DueRule = {
  from: PlanDate;
  /** The law that sets this deadline, when the law sets it (otherwise it is our advice). */
  legal_basis?: string;
  groups?: readonly CitizenshipGroup[];
} & (
  | { kind: 'days'; offset_days: number }
  | { kind: 'months'; offset_months: number }
  | { kind: 'end_of_month' }
  | { kind: 'july_31_next_year' }
);

/** Who moves along: none, a partner, children (docs/product.md#step-1-details). */
export type FamilyNeed = 'family' | 'children';

/** Whom a task applies to; an empty condition applies to everyone. */
export interface TaskCondition {
  /** Only these citizenship groups. */
  groups?: readonly CitizenshipGroup[];
  /** Only when family members (any) or children move along. */
  family?: FamilyNeed;
}

/** The facts of a customer a plan depends on. */
export interface PlanFacts {
  nationality: string | null;
  family_members: FamilyMembers | null;
  intended_arrival_date: string | null;
  entry_date: string | null;
  move_in_date: string | null;
}

const CHILDREN: readonly FamilyMembers[] = ['partner_children', 'children'];

/** Whether a task with this condition is part of this customer's plan. */
export function appliesTo(condition: TaskCondition | undefined, facts: PlanFacts): boolean {
  if (!condition) return true;
  if (condition.groups) {
    // Without a nationality yet (before onboarding) the group is unknown: the task stays, as
    // showing a step someone may not need is harmless and hiding one they need is not.
    const group = citizenshipGroup(facts.nationality);
    if (group && !condition.groups.includes(group)) return false;
  }
  if (condition.family === 'family' && (facts.family_members ?? 'none') === 'none') return false;
  if (condition.family === 'children' && !CHILDREN.includes(facts.family_members ?? 'none')) return false;
  return true;
}

/** A plan date's value: the date of entry defaults to the intended arrival date. */
export function planDate(facts: PlanFacts, date: PlanDate): string | null {
  if (date === 'entry_date') return facts.entry_date ?? facts.intended_arrival_date;
  return facts.move_in_date;
}

/** The rule that applies to this customer, or null when the task has none for their group. */
export function dueRuleFor(rules: readonly DueRule[] | undefined, facts: PlanFacts): DueRule | null {
  if (!rules) return null;
  const group = citizenshipGroup(facts.nationality);
  return rules.find((rule) => !rule.groups || (group !== null && rule.groups.includes(group))) ?? null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const fromUtc = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A calendar date `days` later (earlier if negative); calendar days, so no clock change matters. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** A calendar date `months` later; a day past the target month's end becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** The due date a rule gives from its date. */
export function applyRule(rule: DueRule, from: string): string {
  const [y, m] = parts(from);
  switch (rule.kind) {
    case 'days':
      return addDays(from, rule.offset_days);
    case 'months':
      return addMonths(from, rule.offset_months);
    case 'end_of_month':
      return `${pad(y, 4)}-${pad(m)}-${pad(daysInMonth(y, m))}`;
    case 'july_31_next_year':
      return `${pad(y + 1, 4)}-07-31`;
  }
}

/** A task's due date, or which date the customer still has to enter for it to have one. */
export type Due = { due_date: string; missing: null } | { due_date: null; missing: PlanDate | null };

/** When a task is due for this customer (`missing` null: the task has no due date at all). */
export function dueFor(rules: readonly DueRule[] | undefined, facts: PlanFacts): Due {
  const rule = dueRuleFor(rules, facts);
  if (!rule) return { due_date: null, missing: null };
  const from = planDate(facts, rule.from);
  return from ? { due_date: applyRule(rule, from), missing: null } : { due_date: null, missing: rule.from };
}

/** How a due date reads today (German calendar days). */
export type DueState =
  | { state: 'later'; days: number }
  | { state: 'soon'; days: number }
  | { state: 'today'; days: 0 }
  | { state: 'overdue'; days: number };

/** Tasks due within this many days are "due in N days" and reminded of. */
export const DUE_SOON_DAYS = 7;

export function dueState(dueDate: string, today: string): DueState {
  const days = daysBetween(today, dueDate);
  if (days < 0) return { state: 'overdue', days: -days };
  if (days === 0) return { state: 'today', days: 0 };
  if (days <= DUE_SOON_DAYS) return { state: 'soon', days };
  return { state: 'later', days };
}

/** Today in Germany, for the plan (one clock for the server and the SPA). */
export const planToday = (now: Date): string => germanDate(now);

/** The cities the plan has notes for (rules and offices differ by city). */
export const PLAN_CITIES = ['berlin', 'munich', 'hamburg', 'frankfurt'] as const;
export type PlanCity = (typeof PLAN_CITIES)[number];

/** The names a target city is typed as, folded to lower case, per city with notes. */
const CITY_NAMES: Record<PlanCity, readonly string[]> = {
  berlin: ['berlin'],
  munich: ['munich', 'münchen', 'muenchen'],
  hamburg: ['hamburg'],
  frankfurt: ['frankfurt', 'frankfurt am main', 'frankfurt/main', 'frankfurt (main)'],
};

/** The city with notes a customer's target city names, if any. */
export function planCity(targetCity: string | null): PlanCity | null {
  const folded = targetCity?.trim().toLowerCase() ?? '';
  return PLAN_CITIES.find((city) => CITY_NAMES[city].includes(folded)) ?? null;
}
