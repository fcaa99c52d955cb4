import {
  STAT_CARD,
  STAT_CARD_FIGURE,
  STAT_CARD_LABEL,
  STAT_CARD_PRESSED,
  STAT_CARD_UNPRESSED,
} from './stat-card';

/**
 * One stat card that filters the list below it: its label, the server's figure ('–' until it
 * is in), pressed while its filter applies (the admin's dashboard and a company's portal).
 */
export function StatCardButton({
  label,
  figure,
  pressed,
  onPress,
}: {
  label: string;
  figure: number | undefined;
  pressed: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`${STAT_CARD} ${pressed ? STAT_CARD_PRESSED : STAT_CARD_UNPRESSED}`}
    >
      <span className={STAT_CARD_LABEL}>{label}</span>
      <span className={STAT_CARD_FIGURE}>{figure ?? '–'}</span>
    </button>
  );
}
