import { describe, expect, it } from 'vitest';
import { editDetailsPath, editDetailsRequest, withoutEditDetailsRequest } from './edit-details';

const search = (path: string) => new URLSearchParams(path.split('?')[1]);

describe('links to Edit details', () => {
  it('asks My Account for the form at a date field or at its start, and is read back', () => {
    expect(editDetailsRequest(search(editDetailsPath('move_in_date')))).toBe('move_in_date');
    expect(editDetailsRequest(search(editDetailsPath('entry_date')))).toBe('entry_date');
    expect(editDetailsRequest(search(editDetailsPath()))).toBe(true);
    expect(editDetailsRequest(search('/account?edit=first_name'))).toBeNull();
    expect(editDetailsRequest(search('/account'))).toBeNull();
  });

  it('drops the request and keeps the rest of the address', () => {
    expect(withoutEditDetailsRequest(new URLSearchParams('edit=entry_date&x=1')).toString()).toBe('x=1');
  });
});
