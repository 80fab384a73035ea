// Run as a process of its own by pgliteDataDir.ts (`node server/db/pgliteCreate.ts <dir>`): PGlite creates the
// database in <dir> (initdb in WebAssembly instances of their own, the result copied in) and closes it.
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node server/db/pgliteCreate.ts <dir>');
const pg = await PGlite.create({ fs: new NodeFS(dir) });
await pg.close();
