import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, networkError } from '../../lib/errors';
import { askProblem } from './ask-problem';

const body = (error: object) => JSON.stringify({ error });

describe('askProblem', () => {
  it("puts the server's field message back on the question", () => {
    const error = errorFromResponse(
      400,
      'Bad Request',
      body({
        code: 'validation_failed',
        message: 'Invalid input',
        fields: { question: 'validation.questionTooLong' },
      }),
    );
    expect(askProblem(error)).toEqual({ on: 'field', key: 'validation.questionTooLong' });
  });

  it('tells too many questions on the form: the API refusing the customer, or the gateway', () => {
    const refused = errorFromResponse(
      429,
      'Too Many Requests',
      body({
        code: 'too_many_requests',
        message: 'You have asked a lot of questions. Please try again later.',
        messageKey: 'apiErrors.tooManyQuestions',
      }),
    );
    expect(askProblem(refused)).toEqual({ on: 'form' });
    expect(askProblem(errorFromResponse(429, 'Too Many Requests', ''))).toEqual({ on: 'form' });
  });

  it('leaves every other failure to the toast', () => {
    expect(
      askProblem(
        errorFromResponse(
          400,
          'Bad Request',
          body({ code: 'validation_failed', message: 'x', fields: { language: 'validation.invalidInput' } }),
        ),
      ),
    ).toEqual({ on: 'toast' });
    expect(
      askProblem(errorFromResponse(409, 'Conflict', body({ code: 'conflict', message: 'Deletion pending' }))),
    ).toEqual({ on: 'toast' });
    expect(askProblem(errorFromResponse(500, 'Internal Server Error', ''))).toEqual({ on: 'toast' });
    expect(askProblem(networkError(new TypeError('Failed to fetch')))).toEqual({ on: 'toast' });
    expect(askProblem(new Error('boom'))).toEqual({ on: 'toast' });
    expect(askProblem(new ApiError(403, 'forbidden', 'Access denied'))).toEqual({ on: 'toast' });
  });
});
