/**
 * The login form says a refused login as such: a wrong PIN read "Accedere
 * prima (oppure utente o PIN errati)", the "log in first" of any request
 * without a session. The refusals are the real server's answers.
 */
import { expect } from 'chai';
import { ApiError } from '../../client/api.ts';
import { loginRefusalText } from '../../client/login-refusal.ts';
import { errorText } from '../../client/run-command.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';
import { inLanguage } from './support/in-language.ts';

/** The refusal as client/api.ts builds it from the answer. */
const refusal = (r: { status: number; body: unknown }) => {
  const d = r.body as { error: string; message: string };
  return new ApiError(r.status, d.error, d.message);
};

describe('the login form’s refusal, in the crew’s language', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({});
  });
  afterEach(() => server.close());

  it('says a wrong PIN or an unknown user is wrong, not "log in first"', async () => {
    for (const body of [
      { user: 'tailleur', pin: '0000' },
      { user: 'nobody', pin: '1111' },
    ]) {
      const e = refusal(await server.client().post('/api/login', body));
      expect(inLanguage('it', () => loginRefusalText(e))).to.equal('Utente o PIN errati');
      expect(inLanguage('en', () => loginRefusalText(e))).to.equal('Wrong user or PIN');
    }
  });

  it('says how long a locked login waits', async () => {
    const c = server.client();
    let r = await c.post('/api/login', { user: 'chef', pin: '0000' });
    for (let i = 0; i < 10 && !/too many/.test((r.body as { message: string }).message); i++) r = await c.post('/api/login', { user: 'chef', pin: '0000' });
    const e = refusal(r);
    expect(e.status).to.equal(401);
    const s = /in (\d+) s/.exec(e.message)?.[1];
    expect(s).to.be.a('string');
    expect(inLanguage('it', () => loginRefusalText(e))).to.equal(`Troppi PIN errati: riprovare tra ${s} s`);
    expect(inLanguage('en', () => loginRefusalText(e))).to.equal(`Too many wrong PINs: try again in ${s} s`);
  });

  it('keeps "log in first" for a request without a session elsewhere', async () => {
    const r = await server.client().get('/api/me');
    expect(r.status).to.equal(401);
    expect(inLanguage('it', () => errorText(refusal(r)))).to.equal('Accedere prima (oppure utente o PIN errati)');
  });
});
