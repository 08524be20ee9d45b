import { z } from 'zod';
import { DevLoginInputSchema } from '../auth.js';
import { OkBodySchema } from '../common.js';
import { ContactMessageInputSchema } from '../contact.js';
import { RemotesManifestSchema } from '../remotes.js';
import type { RouteContract } from '../routeContract.js';
import { TEAM_ROUTES } from './team.js';
import { UserSchema, UserSettingsInputSchema } from '../user.js';
import { IfMatchHeadersSchema } from '../versionHeaders.js';

const redirect = (description: string) => ({ description, headers: { Location: 'Where the browser goes next' } });

/** The routes the gateway answers itself (svc-gateway/src/routes/). */
export const GATEWAY_ROUTES = [
  {
    method: 'get',
    path: '/api/login',
    caller: 'anyone',
    tags: ['auth'],
    summary: 'Start sign-in: OpenID Connect when configured, else the e-mail sign-in page',
    description: 'From an invitation link, `invitation` names it: the e-mail sign-in page then signs the invited address in at once.',
    query: z.object({ invitation: z.string().optional() }),
    responses: { 302: redirect('To the identity provider, or to /login') },
  },
  {
    method: 'get',
    path: '/api/callback',
    caller: 'anyone',
    tags: ['auth'],
    summary: 'OpenID Connect redirect target; sets the session and goes to /',
    responses: { 302: redirect('To / when signed in'), 401: { description: 'Sign-in failed' }, 404: { description: 'OpenID Connect not configured' } },
  },
  {
    method: 'post',
    path: '/api/dev-login',
    caller: 'anyone',
    tags: ['auth'],
    summary: 'E-mail sign-in (all-in-one mode or AUTH_DEV_LOGIN=true)',
    body: DevLoginInputSchema,
    responses: {
      200: { description: 'Signed in; the pp_session cookie is set', body: OkBodySchema },
      404: { description: 'Dev sign-in disabled' },
      429: { description: 'Too many sign-in attempts' },
    },
  },
  { method: 'get', path: '/api/logout', caller: 'anyone', tags: ['auth'], summary: 'End the session and go to /', responses: { 302: redirect('To /') } },
  {
    method: 'get',
    path: '/api/auth/user',
    caller: 'browser',
    tags: ['auth'],
    summary: 'The signed-in user',
    responses: { 200: { description: 'The user', body: UserSchema } },
  },
  {
    method: 'patch',
    path: '/api/user/settings',
    caller: 'browser',
    // The company's settings: the owner's (docs/product.md §6).
    role: 'owner',
    tags: ['settings'],
    summary: 'Save the bulk detection suffixes, fax number and pull ticket prices',
    headers: IfMatchHeadersSchema,
    body: UserSettingsInputSchema,
    responses: {
      200: { description: 'The updated user', body: UserSchema, headers: { ETag: "The settings' version, quoted: send it back in If-Match" } },
      403: { description: 'Origin not allowed, or the member is not an owner' },
      409: {
        description:
          'VERSION_CONFLICT: someone saved the settings since the version in If-Match; details hold them as they now are and each field that differs',
      },
    },
  },
  {
    method: 'post',
    path: '/api/contact',
    caller: 'anyone',
    tags: ['contact'],
    summary: 'Send a message from the contact form',
    body: ContactMessageInputSchema,
    responses: {
      201: { description: 'Stored', body: OkBodySchema },
      429: { description: 'Too many messages from this address' },
    },
  },
  {
    method: 'get',
    path: '/api/live',
    caller: 'browser',
    tags: ['live'],
    summary: "Live updates for the user's tenant (Server-Sent Events)",
    description:
      'Stays open. Each event is `event: <type>` with `data: {"type","id","occurredAt"}` (no record data: read the lists again); a comment line every 25 s keeps the connection alive. Where the event bus keeps events, each event and the first line carry an `id:` (where the stream stands); a client that reconnects with it as `Last-Event-ID`, to any gateway, first gets the events it missed, each once, or `event: resync` when they cannot be known (then read every list again).',
    responses: { 200: { description: 'An event stream', contentType: 'text/event-stream' } },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    caller: 'anyone',
    tags: ['meta'],
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1 document', body: z.record(z.string(), z.unknown()) } },
  },
  {
    method: 'get',
    path: '/api/asyncapi.json',
    caller: 'anyone',
    tags: ['meta'],
    summary: 'The AsyncAPI document of the inventory events other systems subscribe to (libs/contracts/asyncapi.yaml)',
    responses: { 200: { description: 'AsyncAPI 3.0 document', body: z.record(z.string(), z.unknown()) } },
  },
  {
    method: 'get',
    path: '/remotes.json',
    caller: 'anyone',
    tags: ['meta'],
    summary: 'Runtime remotes manifest for the shell',
    responses: { 200: { description: 'Remote name → mf-manifest.json URL', body: RemotesManifestSchema } },
  },
  ...TEAM_ROUTES,
] as const satisfies readonly RouteContract[];
