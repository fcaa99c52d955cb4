// The daily job's four parts: the reminders of the day, then the 3-day mails at the present
// moment (whatever day is given), the company deletions left unfinished, then the employee
// invitations an import left unmailed; one
// failing does not keep the others from running, and the run then fails (so the schedule retries it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pinClock } from '../lib/clock';
import { finishCompanyDeletions } from '../services/company-deletion';
import { mailWaitingInvitations } from '../services/employee-invitations';
import { sendReminders } from '../services/send-reminders';
import { mailWaitingRequests } from '../services/waiting-requests';
import { captureOutput, NOW } from '../test-fixtures';
import { handler } from './send-reminders';

vi.mock('../services/company-deletion');
vi.mock('../services/employee-invitations');
vi.mock('../services/send-reminders');
vi.mock('../services/waiting-requests');

const REMINDERS = { customers: 2, mailed: 1, failed: 0 };
const WAITING = { crossed: 1, mailed: 1, failed: 0 };
const INVITATIONS = { waiting: 3, mailed: 2, dropped: 1 };
let unpin: () => void;

beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  captureOutput();
  vi.mocked(sendReminders).mockResolvedValue(REMINDERS);
  vi.mocked(mailWaitingRequests).mockResolvedValue(WAITING);
  vi.mocked(finishCompanyDeletions).mockResolvedValue(0);
  vi.mocked(mailWaitingInvitations).mockResolvedValue(INVITATIONS);
});

afterEach(() => {
  unpin();
  vi.restoreAllMocks();
});

describe('the daily job', () => {
  it("runs the day's reminders, then the 3-day mails and the invitation mails at the present moment, and reports all", async () => {
    expect(await handler({ today: '2027-01-05' })).toEqual({
      ...REMINDERS,
      waiting: WAITING,
      invitations: INVITATIONS,
    });
    expect(vi.mocked(sendReminders)).toHaveBeenCalledWith('2027-01-05');
    expect(vi.mocked(mailWaitingRequests)).toHaveBeenCalledWith(new Date(NOW));
    expect(vi.mocked(finishCompanyDeletions)).toHaveBeenCalledOnce();
    expect(vi.mocked(mailWaitingInvitations)).toHaveBeenCalledWith(new Date(NOW));
  });

  it('the company deletions failing: the other parts ran, and the run fails', async () => {
    vi.mocked(finishCompanyDeletions).mockRejectedValue(new Error('company stuck'));
    await expect(handler({})).rejects.toThrow('company stuck');
    expect(vi.mocked(sendReminders)).toHaveBeenCalledOnce();
    expect(vi.mocked(mailWaitingRequests)).toHaveBeenCalledOnce();
    expect(vi.mocked(mailWaitingInvitations)).toHaveBeenCalledOnce();
  });

  it('the invitation mails failing: the other parts ran, and the run fails', async () => {
    vi.mocked(mailWaitingInvitations).mockRejectedValue(new Error('markers unreadable'));
    await expect(handler({})).rejects.toThrow('markers unreadable');
    expect(vi.mocked(sendReminders)).toHaveBeenCalled();
    expect(vi.mocked(mailWaitingRequests)).toHaveBeenCalled();
  });

  it('the reminders failing: the 3-day mails still run, and the run fails', async () => {
    vi.mocked(sendReminders).mockRejectedValue(new Error('query failed'));
    await expect(handler({})).rejects.toThrow('query failed');
    expect(vi.mocked(mailWaitingRequests)).toHaveBeenCalled();
    expect(vi.mocked(mailWaitingInvitations)).toHaveBeenCalled();
  });

  it('the 3-day mails failing: the reminders ran, and the run fails', async () => {
    vi.mocked(mailWaitingRequests).mockRejectedValue(new Error('watermark unreadable'));
    await expect(handler({})).rejects.toThrow('watermark unreadable');
    expect(vi.mocked(sendReminders)).toHaveBeenCalled();
  });
});
