import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_TEMPLATES } from './catalogue';
import { germanDate } from './journey';
import {
  addDays,
  addMonths,
  appliesTo,
  applyRule,
  DUE_SOON_DAYS,
  type DueRule,
  dueFor,
  dueRuleFor,
  dueState,
  type PlanFacts,
  planDate,
  planToday,
} from './plan';
import type { FamilyMembers } from './schemas/profile';

const facts = (over: Partial<PlanFacts> = {}): PlanFacts => ({
  nationality: 'Indian',
  family_members: null,
  intended_arrival_date: null,
  entry_date: null,
  move_in_date: null,
  ...over,
});
const days = (offset_days: number, from: DueRule['from'] = 'entry_date'): DueRule => ({
  from,
  kind: 'days',
  offset_days,
});
const months = (offset_months: number): DueRule => ({ from: 'entry_date', kind: 'months', offset_months });
const END_OF_MONTH: DueRule = { from: 'move_in_date', kind: 'end_of_month' };
const JULY_31: DueRule = { from: 'entry_date', kind: 'july_31_next_year' };

describe('due rules', () => {
  it('counts days forwards and backwards across month, year and leap-day boundaries', () => {
    expect(applyRule(days(14), '2027-03-20')).toBe('2027-04-03');
    expect(applyRule(days(-120), '2027-03-01')).toBe('2026-11-01');
    expect(applyRule(days(0), '2027-03-01')).toBe('2027-03-01');
    expect(applyRule(days(90), '2026-12-15')).toBe('2027-03-15');
    expect(applyRule(days(1), '2028-02-28')).toBe('2028-02-29'); // leap year
    expect(applyRule(days(1), '2027-02-28')).toBe('2027-03-01'); // common year
    expect(applyRule(days(-1), '2028-03-01')).toBe('2028-02-29');
    expect(applyRule(days(-90), '2028-05-29')).toBe('2028-02-29');
  });

  it('counts calendar days across the clock changes (no hour is lost or gained)', () => {
    // Berlin's clocks go forward on 28 March 2027 and back on 31 October 2027.
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-10-30', 1)).toBe('2027-10-31');
    expect(addDays('2027-10-30', 2)).toBe('2027-11-01');
    expect(addDays('2027-11-01', -2)).toBe('2027-10-30');
  });

  it('counts months and keeps a month end: 31 Jan + 1 month is the last day of February', () => {
    expect(applyRule(months(1), '2027-01-31')).toBe('2027-02-28');
    expect(applyRule(months(1), '2028-01-31')).toBe('2028-02-29');
    expect(applyRule(months(1), '2027-03-31')).toBe('2027-04-30');
    expect(applyRule(months(1), '2027-01-15')).toBe('2027-02-15');
    expect(applyRule(months(12), '2026-12-31')).toBe('2027-12-31');
    expect(applyRule(months(13), '2026-12-31')).toBe('2028-01-31');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
  });

  it('counts 60 months from 29 February to 29 February only when that year is a leap year', () => {
    expect(applyRule(months(60), '2028-02-29')).toBe('2033-02-28');
    expect(applyRule(months(48), '2028-02-29')).toBe('2032-02-29');
    expect(applyRule(months(60), '2027-02-28')).toBe('2032-02-28');
  });

  it('gives the last day of the month, February in leap and common years included', () => {
    expect(applyRule(END_OF_MONTH, '2027-01-01')).toBe('2027-01-31');
    expect(applyRule(END_OF_MONTH, '2027-02-10')).toBe('2027-02-28');
    expect(applyRule(END_OF_MONTH, '2028-02-10')).toBe('2028-02-29');
    expect(applyRule(END_OF_MONTH, '2100-02-01')).toBe('2100-02-28'); // a century, no leap year
    expect(applyRule(END_OF_MONTH, '2000-02-01')).toBe('2000-02-29'); // divisible by 400: a leap year
    expect(applyRule(END_OF_MONTH, '2027-04-30')).toBe('2027-04-30');
    expect(applyRule(END_OF_MONTH, '2027-12-31')).toBe('2027-12-31');
  });

  it('gives 31 July of the following year, also for an entry on 1 January or 31 December', () => {
    expect(applyRule(JULY_31, '2027-01-01')).toBe('2028-07-31');
    expect(applyRule(JULY_31, '2027-07-31')).toBe('2028-07-31');
    expect(applyRule(JULY_31, '2026-12-31')).toBe('2027-07-31');
    expect(applyRule(JULY_31, '2028-02-29')).toBe('2029-07-31');
  });
});

describe('Berlin calendar days (germanDate, planToday)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const todayAt = (iso: string) => {
    vi.setSystemTime(new Date(iso));
    return planToday(new Date());
  };

  it('counts the day Berlin is in on the last Sunday of March (summer time begins)', () => {
    // Before the change (27 March, UTC+1): 22:30 UTC is 23:30, 23:30 UTC is already the 28th.
    expect(todayAt('2027-03-27T22:30:00Z')).toBe('2027-03-27');
    expect(todayAt('2027-03-27T23:30:00Z')).toBe('2027-03-28');
    // After it (UTC+2): 21:30 UTC is 23:30 on the 28th, 22:30 UTC already 00:30 on the 29th.
    expect(todayAt('2027-03-28T21:30:00Z')).toBe('2027-03-28');
    expect(todayAt('2027-03-28T22:30:00Z')).toBe('2027-03-29');
    expect(todayAt('2027-03-28T23:30:00Z')).toBe('2027-03-29');
  });

  it('counts the day Berlin is in on the last Sunday of October (summer time ends)', () => {
    // The evening before (30 October, UTC+2): 22:30 UTC is already 00:30 on the 31st.
    expect(todayAt('2027-10-30T21:30:00Z')).toBe('2027-10-30');
    expect(todayAt('2027-10-30T22:30:00Z')).toBe('2027-10-31');
    // After it (UTC+1): 22:30 UTC is 23:30 on the 31st, 23:30 UTC 00:30 on 1 November.
    expect(todayAt('2027-10-31T22:30:00Z')).toBe('2027-10-31');
    expect(todayAt('2027-10-31T23:30:00Z')).toBe('2027-11-01');
  });

  it('is the same clock as germanDate', () => {
    vi.setSystemTime(new Date('2028-02-28T23:30:00Z'));
    expect(planToday(new Date())).toBe(germanDate(new Date()));
    expect(planToday(new Date())).toBe('2028-02-29');
  });

  it('makes a due date today, soon or overdue by the Berlin day around the clock changes', () => {
    expect(dueState('2027-03-29', todayAt('2027-03-28T21:30:00Z'))).toEqual({ state: 'soon', days: 1 });
    expect(dueState('2027-03-29', todayAt('2027-03-28T22:30:00Z'))).toEqual({ state: 'today', days: 0 });
    expect(dueState('2027-03-28', todayAt('2027-03-28T22:30:00Z'))).toEqual({ state: 'overdue', days: 1 });
    expect(dueState('2027-11-01', todayAt('2027-10-31T22:30:00Z'))).toEqual({ state: 'soon', days: 1 });
    expect(dueState('2027-11-01', todayAt('2027-10-31T23:30:00Z'))).toEqual({ state: 'today', days: 0 });
    expect(dueState('2027-10-31', todayAt('2027-10-30T22:30:00Z'))).toEqual({ state: 'today', days: 0 });
    // A week across the spring change is seven days, not six and 23 hours.
    expect(dueState('2027-04-03', todayAt('2027-03-27T12:00:00Z'))).toEqual({ state: 'soon', days: 7 });
  });
});

describe('dueState', () => {
  const today = '2027-03-10';
  it('draws its boundaries at overdue by 1, today, soon 1 to 7 and later from 8', () => {
    expect(DUE_SOON_DAYS).toBe(7);
    expect(dueState('2027-03-09', today)).toEqual({ state: 'overdue', days: 1 });
    expect(dueState('2027-02-08', today)).toEqual({ state: 'overdue', days: 30 });
    expect(dueState('2027-03-10', today)).toEqual({ state: 'today', days: 0 });
    expect(dueState('2027-03-11', today)).toEqual({ state: 'soon', days: 1 });
    expect(dueState('2027-03-17', today)).toEqual({ state: 'soon', days: 7 });
    expect(dueState('2027-03-18', today)).toEqual({ state: 'later', days: 8 });
  });

  it('counts across a leap day and a year end', () => {
    expect(dueState('2028-03-01', '2028-02-28')).toEqual({ state: 'soon', days: 2 });
    expect(dueState('2027-01-01', '2026-12-31')).toEqual({ state: 'soon', days: 1 });
    expect(dueState('2026-12-31', '2027-01-01')).toEqual({ state: 'overdue', days: 1 });
  });
});

describe('appliesTo', () => {
  const as = (nationality: string | null, family_members: FamilyMembers | null = null) =>
    facts({ nationality, family_members });

  it('applies a task without a condition to everyone', () => {
    expect(appliesTo(undefined, as('French'))).toBe(true);
    expect(appliesTo({}, as(null))).toBe(true);
  });

  it('limits a task to its citizenship groups', () => {
    const nonEu = { groups: ['visa_free', 'visa_required'] } as const;
    expect(appliesTo(nonEu, as('French'))).toBe(false); // eu_eea_ch
    expect(appliesTo(nonEu, as('Swiss'))).toBe(false); // eu_eea_ch
    expect(appliesTo(nonEu, as('American'))).toBe(true); // visa_free
    expect(appliesTo(nonEu, as('Indian'))).toBe(true); // visa_required
    const visa = { groups: ['visa_required'] } as const;
    expect(appliesTo(visa, as('American'))).toBe(false);
    expect(appliesTo(visa, as('Indian'))).toBe(true);
    expect(appliesTo({ groups: ['eu_eea_ch'] }, as('French'))).toBe(true);
    expect(appliesTo({ groups: ['eu_eea_ch'] }, as('Indian'))).toBe(false);
  });

  it('keeps a group task while the nationality is unknown', () => {
    expect(appliesTo({ groups: ['visa_required'] }, as(null))).toBe(true);
    expect(appliesTo({ groups: ['visa_required'] }, as(''))).toBe(true);
  });

  it('asks for family members or children as stored; no family given counts as none', () => {
    const expected: [FamilyMembers | null, boolean, boolean][] = [
      // family_members, family, children
      [null, false, false],
      ['none', false, false],
      ['partner', true, false],
      ['partner_children', true, true],
      ['children', true, true],
    ];
    for (const [family_members, family, children] of expected) {
      expect(appliesTo({ family: 'family' }, as('Indian', family_members)), `${family_members}`).toBe(family);
      expect(appliesTo({ family: 'children' }, as('Indian', family_members)), `${family_members}`).toBe(
        children,
      );
    }
  });

  it('asks for both the group and the family when a condition has both', () => {
    const condition = { groups: ['visa_required'], family: 'family' } as const;
    expect(appliesTo(condition, as('Indian', 'partner'))).toBe(true);
    expect(appliesTo(condition, as('Indian', 'none'))).toBe(false);
    expect(appliesTo(condition, as('American', 'partner'))).toBe(false);
  });
});

describe('dueRuleFor', () => {
  const groupRule: DueRule = { ...days(-90), groups: ['visa_required'] };
  const fallback = days(0);

  it("picks the rule for the customer's group first and falls back to the general one", () => {
    expect(dueRuleFor([groupRule, fallback], facts({ nationality: 'Indian' }))).toBe(groupRule);
    expect(dueRuleFor([groupRule, fallback], facts({ nationality: 'American' }))).toBe(fallback);
    expect(dueRuleFor([groupRule, fallback], facts({ nationality: 'French' }))).toBe(fallback);
  });

  it('falls back while the nationality is unknown, and has none without a matching rule', () => {
    expect(dueRuleFor([groupRule, fallback], facts({ nationality: null }))).toBe(fallback);
    expect(dueRuleFor([groupRule], facts({ nationality: 'French' }))).toBeNull();
    expect(dueRuleFor([groupRule], facts({ nationality: null }))).toBeNull();
    expect(dueRuleFor(undefined, facts())).toBeNull();
    expect(dueRuleFor([], facts())).toBeNull();
  });
});

describe('planDate', () => {
  it('defaults the date of entry to the intended arrival date, never the move-in date', () => {
    expect(planDate(facts({ intended_arrival_date: '2027-05-01' }), 'entry_date')).toBe('2027-05-01');
    expect(
      planDate(facts({ intended_arrival_date: '2027-05-01', entry_date: '2027-05-03' }), 'entry_date'),
    ).toBe('2027-05-03');
    expect(planDate(facts({ intended_arrival_date: '2027-05-01' }), 'move_in_date')).toBeNull();
    expect(planDate(facts({ move_in_date: '2027-05-10' }), 'move_in_date')).toBe('2027-05-10');
    expect(planDate(facts(), 'entry_date')).toBeNull();
  });
});

describe('dueFor', () => {
  it('gives the due date from the rule’s date', () => {
    expect(dueFor([days(14, 'move_in_date')], facts({ move_in_date: '2027-05-10' }))).toEqual({
      due_date: '2027-05-24',
      missing: null,
    });
    expect(dueFor([days(-30)], facts({ intended_arrival_date: '2027-05-01' }))).toEqual({
      due_date: '2027-04-01',
      missing: null,
    });
  });

  it('names the date still missing, and has no due date without a rule', () => {
    expect(dueFor([days(14, 'move_in_date')], facts({ entry_date: '2027-05-01' }))).toEqual({
      due_date: null,
      missing: 'move_in_date',
    });
    expect(dueFor([days(0)], facts())).toEqual({ due_date: null, missing: 'entry_date' });
    expect(dueFor(undefined, facts({ entry_date: '2027-05-01' }))).toEqual({ due_date: null, missing: null });
    // No rule for the group: no due date, and no date to ask for.
    expect(dueFor([{ ...days(0), groups: ['visa_free'] }], facts({ nationality: 'Indian' }))).toEqual({
      due_date: null,
      missing: null,
    });
  });
});

describe('the catalogue for three customers (shared/catalogue.ts)', () => {
  const ALL = TASK_TEMPLATES.map((t) => t.id);
  const template = (id: string) => {
    const found = TASK_TEMPLATES.find((t) => t.id === id);
    if (!found) throw new Error(`no template ${id}`);
    return found;
  };
  const planOf = (nationality: string, family_members: FamilyMembers | null) =>
    TASK_TEMPLATES.filter((t) => appliesTo(t.applies_to, facts({ nationality, family_members }))).map(
      (t) => t.id,
    );
  const without = (...ids: string[]) => ALL.filter((id) => !ids.includes(id));
  const NON_EU_ONLY = [
    'check_route',
    'work_visa',
    'family_reunion',
    'residence_permit',
    'driving_licence',
    'blue_card_changes',
    'settlement_permit',
    'naturalisation',
  ];
  const CHILDREN_ONLY = ['kita_place', 'child_benefit'];

  it('gives an Indian customer the visa and permit tasks, the family ones with family', () => {
    expect(planOf('Indian', null)).toEqual(without('family_reunion', ...CHILDREN_ONLY));
    expect(planOf('Indian', 'none')).toEqual(without('family_reunion', ...CHILDREN_ONLY));
    expect(planOf('Indian', 'partner')).toEqual(without(...CHILDREN_ONLY));
    expect(planOf('Indian', 'partner_children')).toEqual(ALL);
  });

  it('gives a French customer no visa, no residence permit and none of the non-EU tasks', () => {
    expect(planOf('French', null)).toEqual(without(...NON_EU_ONLY, ...CHILDREN_ONLY));
    expect(planOf('French', 'children')).toEqual(without(...NON_EU_ONLY));
    expect(planOf('French', 'partner_children')).not.toContain('work_visa');
    expect(planOf('French', 'partner_children')).not.toContain('residence_permit');
  });

  it('gives a US customer the residence permit but no visa', () => {
    expect(planOf('American', 'none')).toEqual(without('work_visa', 'family_reunion', ...CHILDREN_ONLY));
    expect(planOf('American', 'partner_children')).toEqual(without('work_visa', 'family_reunion'));
  });

  const dates = { entry_date: '2027-04-01', move_in_date: '2027-04-10' };
  const dueOf = (id: string, nationality: string) => {
    const f = facts({ nationality, ...dates });
    return { ...dueFor(template(id).due, f), legal_basis: dueRuleFor(template(id).due, f)?.legal_basis };
  };

  it('makes a US residence permit due 90 days after entry (§ 41 (3) AufenthV)', () => {
    expect(dueOf('residence_permit', 'American')).toEqual({
      due_date: '2027-06-30',
      missing: null,
      legal_basis: '§ 41 (3) AufenthV',
    });
    // Without a date of entry, the intended arrival date counts.
    const arriving = facts({ nationality: 'American', intended_arrival_date: '2027-04-01' });
    expect(dueFor(template('residence_permit').due, arriving).due_date).toBe('2027-06-30');
  });

  it('makes an Indian residence permit and everyone’s registration due 14 days after moving in', () => {
    expect(dueOf('residence_permit', 'Indian')).toEqual({
      due_date: '2027-04-24',
      missing: null,
      legal_basis: undefined,
    });
    for (const nationality of ['Indian', 'French', 'American'])
      expect(dueOf('address_registration', nationality)).toEqual({
        due_date: '2027-04-24',
        missing: null,
        legal_basis: '§ 17 (1) BMG',
      });
    const noMoveIn = facts({ nationality: 'Indian', entry_date: '2027-04-01' });
    expect(dueFor(template('residence_permit').due, noMoveIn)).toEqual({
      due_date: null,
      missing: 'move_in_date',
    });
  });

  it('makes health insurance due 90 days before entry for those who need a visa, on entry for others', () => {
    expect(dueOf('health_insurance', 'Indian').due_date).toBe('2027-01-01');
    expect(dueOf('health_insurance', 'American').due_date).toBe('2027-04-01');
    expect(dueOf('health_insurance', 'French').due_date).toBe('2027-04-01');
  });

  it('dates the other deadlines from the entry and move-in dates', () => {
    expect(dueOf('work_visa', 'Indian').due_date).toBe('2027-01-01');
    expect(dueOf('broadcasting_fee', 'French').due_date).toBe('2027-04-30');
    expect(dueOf('tax_return', 'French')).toMatchObject({
      due_date: '2028-07-31',
      legal_basis: '§ 149 (2) AO',
    });
    expect(dueOf('naturalisation', 'Indian')).toMatchObject({
      due_date: '2032-04-01',
      legal_basis: '§ 10 (1) StAG',
    });
    expect(dueOf('document_review', 'Indian')).toEqual({
      due_date: null,
      missing: null,
      legal_basis: undefined,
    });
  });
});
