// `npm run make-admin -- <email>`: promotes an existing user, on the database the server uses.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createUserRepository } from './repository.js';

async function run(email: string | undefined): Promise<number> {
  if (!email) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    const users = createUserRepository(database.db);
    if (!(await users.findByEmail(email))) {
      console.error(`No user with the e-mail ${email}. They must register first.`);
      return 1;
    }
    const changed = await users.setRole(email, 'admin');
    console.log(changed ? `${email} is now an admin.` : `${email} was already an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof Error && (error instanceof ConfigError || error.name === 'DataDirInUseError')
        ? error.message
        : error,
    );
    process.exit(1);
  },
);
