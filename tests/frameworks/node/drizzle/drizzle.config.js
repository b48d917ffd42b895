'use strict';
// drizzle-kit configuration of the drizzle flow; the flow passes the
// server's URL in $FW_DSN. tablesFilter keeps push away from the other
// flows' tables when they share a database.
module.exports = {
  dialect: 'postgresql',
  schema: './drizzle/schema.js',
  out: './drizzle/migrations',
  tablesFilter: ['dz_*'],
  dbCredentials: { url: process.env.FW_DSN || 'postgres://localhost/unused' },
};
