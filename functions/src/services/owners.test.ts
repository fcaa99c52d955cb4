// Owners' rules with the store mocked: only an admin may own (400 for nobody, 403 for a
// customer), only an open request, and each change recorded with first names, never addresses.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { getProfiles, listTeam, setConversationOwner } from '../store/profiles';
import { findWorkflow, setWorkflowOwner } from '../store/workflows';
import { ADMIN, admin, catalogue, expectRefused, profile, USER, workflow } from '../test-fixtures';
import { changeConversationOwner, changeWorkflowOwner, teamMembers } from './owners';

vi.mock('../store/catalogue');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/workflows');

const berta = profile({ id: 'admin-2', first_name: 'Berta', last_name: 'Team', email: 'berta@team.example' });
const roles: Record<string, 'admin' | 'customer'> = {
  [ADMIN]: 'admin',
  'admin-2': 'admin',
  [USER]: 'customer',
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
  vi.mocked(getStoredProfile).mockImplementation(async (id) => {
    const role = roles[id];
    if (!role) return null;
    return { profile: id === 'admin-2' ? berta : profile({ id }), role };
  });
  vi.mocked(getProfiles).mockResolvedValue(new Map([['admin-2', berta]]));
  vi.mocked(setWorkflowOwner).mockImplementation(async (w, owner_id) => ({ ...w, owner_id }));
});

describe('teamMembers', () => {
  it('every admin from the team list: id, names and e-mail, nothing more', async () => {
    vi.mocked(listTeam).mockResolvedValue([berta]);
    expect(await teamMembers()).toEqual([
      { id: 'admin-2', first_name: 'Berta', last_name: 'Team', email: 'berta@team.example' },
    ]);
  });
});

describe('changeWorkflowOwner', () => {
  it('sets an admin as the owner, recorded by first name before and after', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    const result = await changeWorkflowOwner(admin(), 'wf-1', 'admin-2', 'en');
    expect(result).toMatchObject({ owner_id: 'admin-2', owner_name: 'Berta' });
    const audit = vi.mocked(setWorkflowOwner).mock.calls[0]?.[2];
    expect(audit).toMatchObject({
      action: 'workflow_changed',
      changes: [{ field: 'owner', before: null, after: 'Berta' }],
      fields: ['owner'],
    });
    expect(JSON.stringify(audit?.changes)).not.toContain('@');
  });

  it('an unknown id is a bad request, a customer id is refused; nothing written', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    await expectRefused(changeWorkflowOwner(admin(), 'wf-1', 'nobody', 'en'), Invalid, 'ownerUnknown');
    await expectRefused(changeWorkflowOwner(admin(), 'wf-1', USER, 'en'), Forbidden, 'ownerNotAdmin');
    expect(setWorkflowOwner).not.toHaveBeenCalled();
  });

  it('a closed request keeps its owner (409); an unknown one is not found', async () => {
    vi.mocked(findWorkflow).mockResolvedValueOnce(workflow({ status: 'completed' }));
    await expectRefused(changeWorkflowOwner(admin(), 'wf-1', 'admin-2', 'en'), Conflict, 'workflowClosed');
    vi.mocked(findWorkflow).mockResolvedValueOnce(null);
    await expectRefused(changeWorkflowOwner(admin(), 'wf-x', 'admin-2', 'en'), NotFound, 'workflowNotFound');
    expect(setWorkflowOwner).not.toHaveBeenCalled();
  });

  it('the same owner again writes nothing', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow({ owner_id: 'admin-2' }));
    await changeWorkflowOwner(admin(), 'wf-1', 'admin-2', 'en');
    expect(setWorkflowOwner).not.toHaveBeenCalled();
  });
});

describe('changeConversationOwner', () => {
  it("sets and clears the owner of a customer's conversation, recorded by first name", async () => {
    expect(await changeConversationOwner(admin(), USER, 'admin-2')).toEqual({ owner_id: 'admin-2' });
    expect(vi.mocked(setConversationOwner).mock.calls[0]?.[2]).toMatchObject({
      action: 'conversation_owner_changed',
      changes: [{ field: 'owner', before: null, after: 'Berta' }],
    });
  });

  it("an admin's conversation does not exist (404); a customer as owner is refused (403)", async () => {
    await expectRefused(changeConversationOwner(admin(), ADMIN, 'admin-2'), NotFound, 'userNotFound');
    await expectRefused(changeConversationOwner(admin(), USER, USER), Forbidden, 'ownerNotAdmin');
    expect(setConversationOwner).not.toHaveBeenCalled();
  });
});
