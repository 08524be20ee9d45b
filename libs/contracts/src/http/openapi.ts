import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorBodySchema, OkBodySchema } from './common.js';
import { DevLoginInputSchema } from './auth.js';
import { UserSchema, UserSettingsInputSchema } from './user.js';
import { ContactMessageInputSchema } from './contact.js';
import { RemotesManifestSchema } from './remotes.js';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ErrorBodySchema) });
const redirect = (description: string) => ({ description, headers: { Location: { schema: { type: 'string' as const } } } });

const SESSION = [{ session: [] }];

/** Registers every route the gateway answers itself (not the ones it forwards to services). */
function registerGatewayRoutes(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'pp_session' });

  registry.registerPath({
    method: 'get',
    path: '/api/login',
    tags: ['auth'],
    summary: 'Start sign-in: OpenID Connect when configured, else the e-mail sign-in page',
    responses: { 302: redirect('To the identity provider, or to /login') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/callback',
    tags: ['auth'],
    summary: 'OpenID Connect redirect target; sets the session and goes to /',
    responses: { 302: redirect('To / when signed in'), 401: error('Sign-in failed'), 404: error('OpenID Connect not configured') },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dev-login',
    tags: ['auth'],
    summary: 'E-mail sign-in (all-in-one mode or AUTH_DEV_LOGIN=true)',
    request: { body: { content: json(DevLoginInputSchema), required: true } },
    responses: {
      200: { description: 'Signed in; the pp_session cookie is set', content: json(OkBodySchema) },
      400: error('Invalid e-mail'),
      403: error('Origin not allowed'),
      404: error('Dev sign-in disabled'),
      429: error('Too many sign-in attempts'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/logout',
    tags: ['auth'],
    summary: 'End the session and go to /',
    responses: { 302: redirect('To /') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/auth/user',
    tags: ['auth'],
    summary: 'The signed-in user',
    security: SESSION,
    responses: { 200: { description: 'The user', content: json(UserSchema) }, 401: error('Signed out') },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/user/settings',
    tags: ['settings'],
    summary: 'Save the bulk detection suffixes and fax number',
    security: SESSION,
    request: { body: { content: json(UserSettingsInputSchema), required: true } },
    responses: {
      200: { description: 'The updated user', content: json(UserSchema) },
      400: error('A field is invalid; the message names it'),
      401: error('Signed out'),
      403: error('Origin not allowed'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/contact',
    tags: ['contact'],
    summary: 'Send a message from the contact form',
    request: { body: { content: json(ContactMessageInputSchema), required: true } },
    responses: {
      201: { description: 'Stored', content: json(OkBodySchema) },
      400: error('A field is invalid; the message names it'),
      403: error('Origin not allowed'),
      429: error('Too many messages from this address'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/live',
    tags: ['live'],
    summary: "Live updates for the user's tenant (Server-Sent Events)",
    description:
      'Stays open. Each event is `event: <type>` with `data: {"type","id","occurredAt"}` (no record data: read the lists again); a comment line every 25 s keeps the connection alive.',
    security: SESSION,
    responses: {
      200: { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      401: error('Not signed in'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/openapi.json',
    tags: ['meta'],
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
  });
  registry.registerPath({
    method: 'get',
    path: '/remotes.json',
    tags: ['meta'],
    summary: 'Runtime remotes manifest for the shell',
    responses: { 200: { description: 'Remote name → mf-manifest.json URL', content: json(RemotesManifestSchema) } },
  });
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** The gateway's OpenAPI 3.1 document, generated from the same zod schemas the gateway validates with. */
export function buildGatewayOpenApiDocument(options: { version?: string; serverUrl?: string } = {}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerGatewayRoutes(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'PrintPool gateway',
      version: options.version ?? '0.1.0',
      description:
        'Routes the gateway answers itself. Every other /api/* path is forwarded to the owning service for a signed-in user.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : [],
  });
}
