import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requireRole, sessionMiddleware } from '../src/auth/middleware.js';
import { createSessionVerifier, identityKeys, RevocationList } from '../src/auth/session.js';
import { createServiceApp } from '../src/http/app.js';
import { testIdentity } from '../src/testing/index.js';

/** A service verifying sessions against whatever identity `identityFetch` reaches. */
function moderationLike(identityFetch: Parameters<typeof identityKeys>[1]) {
  const keys = identityKeys('http://identity', identityFetch);
  const app = createServiceApp({ name: 'moderation', logger: pino({ level: 'silent' }) });
  app.use(sessionMiddleware(createSessionVerifier({ keys, revocations: new RevocationList() })));
  app.get('/queue', requireRole('moderator', 'admin'), (c) => c.json(c.get('session')));
  return app;
}

describe('testIdentity: a service signs in its callers without identity running', () => {
  it('its tokens pass the service’s own session check, with the role they name', async () => {
    const identity = await testIdentity();
    const app = moderationLike(identity.identityFetch);
    const moderator = await identity.signedIn(app, {
      id: 7,
      role: 'moderator',
      username: 'scully',
    });
    const response = await moderator.get('/queue');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      userId: 7,
      role: 'moderator',
      username: 'scully',
    });

    const member = await identity.signedIn(app, { id: 8, role: 'user' });
    expect((await member.get('/queue')).status).toBe(403);
  });

  it('a token of another test identity is refused', async () => {
    const app = moderationLike((await testIdentity()).identityFetch);
    const stranger = await (await testIdentity()).signedIn(app, { id: 7, role: 'admin' });
    expect((await stranger.get('/queue')).status).toBe(401);
  });
});
