import type { DocumentRecord, Profile } from '@shared/api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Panel } from '../../components/Panel';
import { checklistState, type RequiredDetail } from './verification';

/** The onboarding form's label of each required detail (the names the customer saw). */
const DETAIL_LABELS: Record<RequiredDetail, string> = {
  gender: 'onboarding.details.gender',
  first_name: 'onboarding.details.firstName',
  last_name: 'onboarding.details.lastName',
  whatsapp_number: 'onboarding.details.whatsapp',
  nationality: 'onboarding.details.nationality',
  target_city: 'onboarding.details.targetCity',
  intended_arrival_date: 'onboarding.details.arrivalDate',
};

/** A check or a cross, with its word for screen readers and anyone who does not read colour. */
function Mark({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`font-semibold ${ok ? 'text-green-800' : 'text-red-800'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>{' '}
      <span className="text-xs uppercase tracking-wide">
        {t(ok ? 'admin.user.checkOk' : 'admin.user.checkOpen')}
      </span>
    </span>
  );
}

function Item({ ok, label, children }: { ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{label}</span>
        <Mark ok={ok} />
      </div>
      <div className="mt-0.5 text-amber-950/90 wrap-anywhere">{children}</div>
    </li>
  );
}

/**
 * An unverified account's card (docs/product.md#admin-user-page): the specification's checklist,
 * each item with what the account holds now (which details are missing, which documents are
 * there), and Verify Account with its confirmation.
 */
export function VerificationCard({
  profile,
  documents,
  onVerify,
}: {
  profile: Profile;
  documents: readonly DocumentRecord[];
  onVerify: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = checklistState(profile, documents);
  return (
    <Panel title={t('admin.user.verifyTitle')} tone="warning">
      <p className="mt-1 text-sm text-amber-950">{t('admin.user.verifyIntro')}</p>
      <ul
        className="mt-2 divide-y divide-amber-200 text-sm text-amber-950"
        aria-label={t('admin.user.verifyTitle')}
      >
        <Item ok={state.personal.ok} label={t('admin.user.checkPersonal')}>
          {state.personal.ok
            ? t('admin.user.checkComplete')
            : t('admin.user.checkMissing', {
                fields: state.personal.missing.map((field) => t(DETAIL_LABELS[field])).join(', '),
              })}
        </Item>
        <Item ok={state.documents.ok} label={t('admin.user.checkDocuments')}>
          <ul>
            {state.documents.items.map(({ type, present }) => (
              <li key={type}>
                <span aria-hidden="true">{present ? '✓' : '✗'}</span>{' '}
                {t(present ? 'admin.user.documentPresent' : 'admin.user.documentMissing', {
                  document: t(`documentTypes.${type}`),
                })}
              </li>
            ))}
          </ul>
        </Item>
        <Item ok={state.contact.ok} label={t('admin.user.checkContact')}>
          <p>
            {t(state.contact.mailBlocked ? 'admin.user.contactEmailBlocked' : 'admin.user.contactEmail', {
              email: state.contact.email,
            })}
          </p>
          <p>
            {state.contact.whatsapp
              ? t('admin.user.contactWhatsapp', { number: state.contact.whatsapp })
              : t('admin.user.contactNoWhatsapp')}
          </p>
        </Item>
        <Item ok={state.onboarding.ok} label={t('admin.user.checkOnboarding')}>
          {t(state.onboarding.ok ? 'admin.user.onboardingDone' : 'admin.user.onboardingOpen')}
        </Item>
      </ul>
      <Button className="mt-4" onClick={() => setOpen(true)}>
        {t('admin.user.verifyButton')}
      </Button>
      <Dialog open={open} title={t('admin.user.verifyDialogTitle')} onClose={() => setOpen(false)}>
        <p className="text-sm text-slate-700">{t('admin.user.verifyDialogBody')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('admin.user.cancel')}
          </Button>
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onVerify();
              setBusy(false);
              setOpen(false);
            }}
          >
            {t('admin.user.verifyConfirm')}
          </Button>
        </div>
      </Dialog>
    </Panel>
  );
}
