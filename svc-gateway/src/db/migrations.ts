import { inboxMigrations, outboxMigrations, type Migration } from '@printpool/service-kit';
import { companyNameMigration } from './companyNameMigration.js';
import { invitationsMigration } from './invitationsMigration.js';
import { rateLimitMigration } from './rateLimitMigration.js';

/** The gateway's schema. Tables are unqualified: createDatabase puts them in the service's schema. */
const identityMigrations: Migration[] = [
  {
    name: '001_identity',
    async up(knex) {
      await knex.schema.createTable('tenants', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('bulk_po_suffix').notNullable().defaultTo('-BL');
        t.text('bulk_estimate_suffix').notNullable().defaultTo('-BL');
        t.text('fax_number').notNullable().defaultTo('');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.schema.createTable('users', (t) => {
        t.uuid('id').primary();
        t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
        t.text('email').notNullable();
        // Lower-cased e-mail: one account per address however it is typed.
        t.text('email_key').notNullable().unique();
        t.text('oidc_issuer');
        t.text('oidc_subject');
        t.text('first_name');
        t.text('last_name');
        t.text('profile_image_url');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['oidc_issuer', 'oidc_subject']);
        t.index(['tenant_id']);
      });
      await knex.schema.createTable('sessions', (t) => {
        t.text('token_hash').primary();
        t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
        t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.index(['expires_at']);
        t.index(['tenant_id', 'user_id']);
      });
      await knex.schema.createTable('oidc_logins', (t) => {
        t.text('token_hash').primary();
        t.text('code_verifier').notNullable();
        t.text('state').notNullable();
        t.text('nonce').notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('contact_messages', (t) => {
        t.uuid('id').primary();
        // Set when a signed-in user writes; the landing page's form is anonymous.
        t.uuid('tenant_id').references('id').inTable('tenants').onDelete('SET NULL');
        t.text('name').notNullable();
        t.text('email').notNullable();
        t.text('company');
        t.text('phone');
        t.text('subject');
        t.text('message').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['created_at']);
      });
    },
    async down(knex) {
      for (const table of ['contact_messages', 'oidc_logins', 'sessions', 'users', 'tenants']) await knex.schema.dropTableIfExists(table);
    },
  },
  {
    // Which price a pull ticket prints (svc-documents/src/pdf/pullTicketPdf.ts); 'none' for every existing tenant.
    name: '002_pull_ticket_prices',
    async up(knex) {
      await knex.schema.alterTable('tenants', (t) => {
        t.text('pull_ticket_prices').notNullable().defaultTo('none');
      });
    },
    async down(knex) {
      await knex.schema.alterTable('tenants', (t) => {
        t.dropColumn('pull_ticket_prices');
      });
    },
  },
  {
    // A tenant is a company with members (docs/product.md §6). Every existing user signed in
    // alone, so each becomes the owner of a one-member company and keeps everything it had.
    name: '003_member_roles',
    async up(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.text('role').notNullable().defaultTo('owner');
        t.check("role in ('owner', 'staff', 'viewer')", [], 'users_role_check');
      });
    },
    async down(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.dropChecks('users_role_check');
        t.dropColumn('role');
      });
    },
  },
  invitationsMigration,
];

/**
 * Identity tables, the outbox that carries identity.settings.updated, the shared rate limits,
 * then the inbox of the consumer that names companies from QuickBooks.
 */
export const gatewayMigrations: Migration[] = [...identityMigrations, ...outboxMigrations, rateLimitMigration, ...inboxMigrations, companyNameMigration];
