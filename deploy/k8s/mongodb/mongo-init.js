/* global rs, db, sleep, print -- mongosh's shell globals */
// Makes the replica set rs0 and the services' user, as root (mongosh --file); safe to run again. Compose's mongo-init
// runs it against its one member, Kubernetes' mongodb-init Job against the StatefulSet's (deploy/k8s/mongodb).
// Environment: MONGO_REPLICA_MEMBERS (host:port,...), MONGO_APP_USERNAME, MONGO_APP_PASSWORD, MONGO_APP_DATABASE.
const members = (process.env.MONGO_REPLICA_MEMBERS ?? '').split(',').filter((host) => host !== '');
const username = process.env.MONGO_APP_USERNAME;
const password = process.env.MONGO_APP_PASSWORD;
const database = process.env.MONGO_APP_DATABASE ?? 'tip';
if (members.length === 0 || !username || !password) {
  throw new Error('MONGO_REPLICA_MEMBERS, MONGO_APP_USERNAME and MONGO_APP_PASSWORD are required');
}

try {
  rs.status();
} catch (error) {
  if (error.codeName !== 'NotYetInitialized') throw error;
  rs.initiate({ _id: 'rs0', members: members.map((host, index) => ({ _id: index, host })) });
}
// Users are written on the primary: wait for the election.
for (let tries = 0; !db.hello().isWritablePrimary; tries += 1) {
  if (tries === 120) throw new Error('no primary after 60 s');
  sleep(500);
}

// The services read and write their one database and nothing else; the password follows .env or the Secret.
const admin = db.getSiblingDB('admin');
const roles = [{ role: 'readWrite', db: database }];
if (admin.getUser(username)) admin.updateUser(username, { pwd: password, roles });
else admin.createUser({ user: username, pwd: password, roles });
print(`rs0 has ${rs.status().members.length} member(s); ${username} may read and write ${database}`);
