import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './stored-session';

const storageWith = (keys: string[]) => () => ({
  length: keys.length,
  key: (index: number) => keys[index] ?? null,
});

describe('mayHaveSession (whether Amplify must be asked at all)', () => {
  it('is true when an access token of any client and user is stored', () => {
    const key = 'CognitoIdentityServiceProvider.abc123.someone@example.com.accessToken';
    expect(mayHaveSession(storageWith(['relocate-germany.language', key]))).toBe(true);
  });

  it('is false with no token: nothing stored, other keys, or what a sign-out leaves behind', () => {
    expect(mayHaveSession(storageWith([]))).toBe(false);
    expect(
      mayHaveSession(
        storageWith([
          'relocate-germany.language',
          'relocate-germany.cookie-consent',
          'CognitoIdentityServiceProvider.abc123.someone@example.com.deviceKey',
          'accessToken',
          'other.CognitoIdentityServiceProvider.x.accessToken',
        ]),
      ),
    ).toBe(false);
  });

  it('is false without a browser (the build-time render)', () => {
    expect(mayHaveSession(() => undefined)).toBe(false);
  });

  it('leaves it to Amplify when storage cannot be read', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(mayHaveSession(blocked)).toBe(true);
  });
});
