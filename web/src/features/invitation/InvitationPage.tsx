import type { InvitationLookup } from '@shared/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { ConsentPanel } from '../../components/ConsentPanel';
import { LoadFailed } from '../../components/LoadFailed';
import { HrInvitationPanel } from '../../components/PendingInvitations';
import { ApiError, serverMessage } from '../../lib/errors';
import { resolveHomePath } from '../../lib/home-path';
import { forgetInvitationToken, takeInvitationToken } from '../../lib/invitation-token';
import { useInvitationLookup } from '../../lib/my-company';
import { useSession } from '../../lib/session';

/** Whether two addresses are one (the server folds them the same way: case and spaces). */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the signed-in visitor can do with an invitation that is still open. */
function Answer({ invitation }: { invitation: InvitationLookup }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = invitation.company_name;
  if (session.status === 'loading') return null;
  if (session.status === 'signedOut' || !session.user)
    return (
      <>
        <p className="mt-4 text-slate-700">{t('invitation.signUpHint', { email: invitation.email })}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/signup" className={buttonClass('primary')}>
            {t('invitation.signUp')}
          </Link>
          <Link to="/login" state={{ email: invitation.email }} className={buttonClass('secondary')}>
            {t('invitation.logIn')}
          </Link>
        </div>
      </>
    );
  if (!sameAddress(session.user.email, invitation.email))
    return (
      <>
        <p role="alert" className="mt-4 text-slate-800">
          {t('invitation.wrongAccount', { current: session.user.email, email: invitation.email })}
        </p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() =>
            void session
              .signOut()
              .then(() => toast.success(t('invitation.signedOut', { email: invitation.email })))
          }
        >
          {t('common.logout')}
        </Button>
      </>
    );
  if (invitation.kind === 'hr')
    return (
      <div className="mt-4">
        <HrInvitationPanel invitation={invitation} />
      </div>
    );
  const user = session.user;
  return (
    <ConsentPanel
      className="mt-4"
      companyId={invitation.company_id}
      company={company}
      onAnswered={() => {
        forgetInvitationToken();
        void resolveHomePath(queryClient, user).then((path) => navigate(path, { replace: true }));
      }}
    />
  );
}

/**
 * /invitation#<token>: an invitation link. The company and the invited address; signed out, the
 * way to sign up or log in (the token waits in this tab, lib/invitation-token.ts); signed in, the
 * answer: an HR user accepts, an employee consents or declines on the consent screen.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const [token] = useState(takeInvitationToken);
  const lookup = useInvitationLookup(token);
  const gone = lookup.error instanceof ApiError && lookup.error.status === 404;
  const expired = lookup.data?.expired === true;
  // Nothing left to answer: sign-ins go home again.
  useEffect(() => {
    if (gone || expired) forgetInvitationToken();
  }, [gone, expired]);

  const home = (
    <Link to="/" className={buttonClass('secondary', 'mt-6')}>
      {t('common.backToHome')}
    </Link>
  );
  if (!token)
    return (
      <CardPage title={t('invitation.title')}>
        <p className="text-slate-700">{t('invitation.missing')}</p>
        {home}
      </CardPage>
    );
  if (lookup.isPending)
    return (
      <CardPage title={t('invitation.title')}>
        <p role="status" className="text-slate-700">
          {t('invitation.loading')}
        </p>
      </CardPage>
    );
  if (lookup.isError)
    return (
      <CardPage title={t('invitation.title')}>
        <LoadFailed
          message={serverMessage(lookup.error, t('invitation.loadFailed'))}
          retry={
            gone
              ? undefined
              : { label: t('invitation.retry'), onRetry: lookup.refetch, busy: lookup.isFetching }
          }
        />
        {gone && home}
      </CardPage>
    );
  const invitation = lookup.data;
  return (
    <CardPage title={t('invitation.title')}>
      <p className="text-slate-800">
        {t(invitation.kind === 'hr' ? 'invitation.hrIntro' : 'invitation.employeeIntro', {
          company: invitation.company_name,
          email: invitation.email,
        })}
      </p>
      {expired ? (
        <>
          <p role="alert" className="mt-4 font-medium text-red-800">
            {t('apiErrors.invitationExpired')}
          </p>
          {home}
        </>
      ) : (
        <Answer invitation={invitation} />
      )}
    </CardPage>
  );
}
