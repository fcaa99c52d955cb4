import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCustomerCounts } from '../store/customer-index';
import { listFilterPage, searchPage } from '../store/customer-lists';
import { profile } from '../test-fixtures';
import { customerStats, listCustomerPage } from './customer-list';

vi.mock('../store/customer-lists');
vi.mock('../store/customer-index');

beforeEach(() => {
  vi.resetAllMocks();
});

describe('listCustomerPage', () => {
  it('asks the store for one page of the filter, no cursor as null', async () => {
    vi.mocked(listFilterPage).mockResolvedValue({ items: [profile()], nextCursor: 'c2' });
    await expect(listCustomerPage({ limit: 20, filter: 'total' })).resolves.toEqual({
      items: [profile()],
      nextCursor: 'c2',
    });
    expect(listFilterPage).toHaveBeenCalledWith('total', 20, null);
    await listCustomerPage({ limit: 5, filter: 'verified', cursor: 'c2', search: ' , ' });
    expect(listFilterPage).toHaveBeenLastCalledWith('verified', 5, 'c2');
    expect(searchPage).not.toHaveBeenCalled();
  });

  it('searches with the folded words of the search, within the filter', async () => {
    vi.mocked(searchPage).mockResolvedValue({ items: [], nextCursor: null });
    await listCustomerPage({ limit: 50, filter: 'pending', search: 'Zoë  MÜLLER' });
    expect(searchPage).toHaveBeenCalledWith(['zoe', 'muller'], 'pending', 50, null);
  });
});

describe('customerStats', () => {
  it('answers the nine cards and the open requests from the kept counts: pending is everyone not verified', async () => {
    vi.mocked(readCustomerCounts).mockResolvedValue({
      total: 10,
      verified: 4,
      onboarded: 6,
      documents: 7,
      unread: 3,
      deletions: 1,
      overdue: 2,
      expiring: 5,
      open_requests: 8,
    });
    await expect(customerStats()).resolves.toEqual({
      total: 10,
      verified: 4,
      pending: 6,
      deletions: 1,
      onboarded: 6,
      documents: 7,
      unread: 3,
      overdue: 2,
      expiring: 5,
      open_requests: 8,
    });
  });
});
