import type { JourneyPhase } from '@shared/api';

type PhaseProgress = Pick<JourneyPhase, 'unlocked' | 'completed_count' | 'total_count'>;

/**
 * The phase the dashboard opens on: the one the customer is in, that is the latest unlocked
 * phase with open tasks; when every unlocked phase is done, the latest unlocked one
 * (docs/product.md#customer-dashboard). before_arrival is always unlocked, so a journey
 * always has one; an empty list opens the first tab.
 */
export function openingPhase(phases: readonly PhaseProgress[]): number {
  const unlocked = phases.flatMap((phase, index) => (phase.unlocked ? [{ phase, index }] : []));
  const open = unlocked.filter(({ phase }) => phase.completed_count < phase.total_count);
  return (open.at(-1) ?? unlocked.at(-1))?.index ?? 0;
}
