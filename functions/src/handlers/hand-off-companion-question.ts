import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { handOffQuestion } from '../services/companion-history';

export const handler = apiHandler(ROUTES['hand-off-companion-question'], async ({ caller, params }) => {
  const { created, handoff } = await handOffQuestion(caller, params.questionId);
  return { status: created ? 201 : 200, body: handoff };
});
