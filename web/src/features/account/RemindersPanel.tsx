import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Panel } from '../../components/Panel';
import { serverMessage } from '../../lib/errors';
import { useResetCalendar, useSetReminders } from './api';

/** My Account: E-mail reminders on or off, and Reset calendar link (after a confirmation). */
export function RemindersPanel({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const reminders = useSetReminders();
  const reset = useResetCalendar();
  const [confirming, setConfirming] = useState(false);
  // While the change is on its way the switch shows where it is going.
  const shown = reminders.isPending ? reminders.variables : enabled;

  const toggle = async () => {
    try {
      const { reminders_enabled } = await reminders.mutateAsync(!enabled);
      toast.success(reminders_enabled ? t('account.remindersOn') : t('account.remindersOff'));
    } catch (error) {
      toast.error(serverMessage(error, t('account.remindersFailed')));
    }
  };

  const resetLink = async () => {
    try {
      await reset.mutateAsync();
      setConfirming(false);
      toast.success(t('account.calendarResetDone'));
    } catch (error) {
      toast.error(serverMessage(error, t('account.calendarResetFailed')));
    }
  };

  return (
    <Panel title={t('account.remindersTitle')} className="mt-6">
      <div className="mt-3 flex items-start justify-between gap-4">
        <div>
          <p id={labelId} className="font-medium text-slate-900">
            {t('account.emailReminders')}
          </p>
          <p id={helpId} className="mt-1 text-sm text-slate-700">
            {t('account.remindersHint')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={shown}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          disabled={reminders.isPending}
          onClick={() => void toggle()}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${shown ? 'bg-brand-600' : 'bg-slate-300'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${shown ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
      <div className="mt-5 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">{t('account.calendarResetHint')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
          {t('account.calendarReset')}
        </Button>
      </div>
      <Dialog open={confirming} title={t('account.calendarReset')} onClose={() => setConfirming(false)}>
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('account.calendarResetConfirm')}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('tasks.cancel')}
            </Button>
            <Button variant="danger" disabled={reset.isPending} onClick={() => void resetLink()}>
              {t('account.calendarResetButton')}
            </Button>
          </div>
        </div>
      </Dialog>
    </Panel>
  );
}
