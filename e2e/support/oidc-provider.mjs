// A local OpenID Connect provider standing in for Google in the browser tests (Google is not
// reachable here). Any login name is accepted; the account's e-mail is the login name.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3101);
const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3100';

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'brakehouse-e2e',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'brakehouse-e2e-secret',
      redirect_uris: [`${appUrl}/api/auth/callback/google`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, email: id, email_verified: true, name: 'Gina Google' };
      },
    };
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['brakehouse-e2e-cookie-key'] },
});
provider.proxy = false;
provider.listen(port, '127.0.0.1', () => console.log(`OIDC provider on http://127.0.0.1:${port}`));
