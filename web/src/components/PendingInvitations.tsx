import type { PendingCompanyInvitation } from '@shared/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { serverMessage } from '../lib/errors';
import { forgetInvitationToken } from '../lib/invitation-token';
import { useAcceptHrInvitation, useMyCompany } from '../lib/my-company';
import { useSession } from '../lib/session';
import { Button } from './Button';
import { ConsentPanel } from './ConsentPanel';
import { Panel } from './Panel';

/**
 * An HR invitation to an account that exists: accepted here, the account becomes the company's
 * HR user; new tokens carry the role, and the HR portal (where the second factor is set up) opens.
 */
export function HrInvitationPanel({
  invitation,
}: {
  invitation: Pick<PendingCompanyInvitation, 'company_id' | 'company_name'>;
}) {
  const { t } = useTranslation();
  const accept = useAcceptHrInvitation();
  const session = useSession();
  const navigate = useNavigate();
  const company = invitation.company_name;
  const onAccept = async () => {
    try {
      await accept.mutateAsync(invitation.company_id);
      forgetInvitationToken();
      await session.refresh();
      toast.success(t('invitation.accepted', { company }));
      navigate('/company', { replace: true });
    } catch (error) {
      toast.error(serverMessage(error, t('companyLink.acceptFailed')));
    }
  };
  return (
    <Panel title={t('companyLink.invitationTitle', { company })} tone="warning">
      <p className="mt-2 text-slate-800">{t('companyLink.hrInvitation', { company })}</p>
      <Button className="mt-4" disabled={accept.isPending} onClick={() => void onAccept()}>
        {t('companyLink.acceptHr')}
      </Button>
    </Panel>
  );
}

/**
 * The invitations waiting for the signed-in customer's answer (GET /api/me/company), as banners
 * on the dashboard and My Account: an employee invitation's consent screen, an HR invitation's
 * accept button, an expired one's notice. Nothing while none waits (or the read fails: the
 * page's own content matters more).
 */
export function PendingInvitations({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const myCompany = useMyCompany();
  const invitations = myCompany.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <div className={`flex flex-col gap-4 ${className}`}>
      {invitations.map((invitation) =>
        invitation.expired ? (
          <Panel
            key={`${invitation.kind}-${invitation.company_id}`}
            title={t('companyLink.invitationTitle', { company: invitation.company_name })}
            tone="warning"
          >
            <p className="mt-2 text-slate-800">{t('apiErrors.invitationExpired')}</p>
          </Panel>
        ) : invitation.kind === 'hr' ? (
          <HrInvitationPanel key={`hr-${invitation.company_id}`} invitation={invitation} />
        ) : (
          <ConsentPanel
            key={`employee-${invitation.company_id}`}
            companyId={invitation.company_id}
            company={invitation.company_name}
          />
        ),
      )}
    </div>
  );
}
