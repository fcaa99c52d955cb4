import { homePathFor } from '@shared/roles';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { CustomerPageFrame } from '../../components/CustomerPageFrame';
import { PageHeading } from '../../components/PageHeading';
import { PageLoading } from '../../components/Spinner';
import { serverMessage } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { MyConversation } from './MyConversation';

/**
 * /messages (docs/product.md#messages): the customer's whole conversation with the support team, at every
 * width; on phones the dashboard's card links here. The team's "new messages" mail links here.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const me = useMe();
  useOnError(me, (error) => toast.error(serverMessage(error, t('errors.loadProfile'))));

  if (!me.data) return <PageLoading />;
  // The conversation is a customer's: the team answers on each customer's page.
  if (me.data.role !== 'customer') {
    const home = homePathFor({
      role: me.data.role,
      onboardingCompleted: me.data.profile.onboarding_completed,
    });
    return <Navigate to={home} replace />;
  }
  return (
    <CustomerPageFrame profile={me.data.profile}>
      <PageHeading className="mt-4 text-3xl">{t('messages.title')}</PageHeading>
      <p className="mt-1 text-slate-600">{t('messages.intro')}</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <MyConversation threadClassName="max-h-[60vh] min-h-48" />
      </div>
    </CustomerPageFrame>
  );
}
