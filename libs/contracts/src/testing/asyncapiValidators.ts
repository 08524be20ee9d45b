/** For tests of producers and subscribers: validators of the AsyncAPI document, as a strict subscriber written from it alone would read messages. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Message = { name: string; payload: object; examples?: { payload: unknown }[] };

/** The document's messages, by event type. */
export function asyncApiMessages(document: Record<string, unknown>): Message[] {
  return Object.values((document.components as { messages: Record<string, Message> }).messages);
}

/** A JSON Schema validator of each message's payload (the whole NATS message body), by event type. */
export function messageValidators(document: Record<string, unknown>): Map<string, ValidateFunction> {
  const { schemas } = document.components as { schemas: Record<string, object> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // The component schemas as one document, so a message's references resolve against it.
  ajv.addSchema({ $id: 'asyncapi', components: { schemas } });
  const resolved = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"asyncapi#/components/')) as object;
  return new Map(asyncApiMessages(document).map((message) => [message.name, ajv.compile(resolved(message.payload))]));
}
