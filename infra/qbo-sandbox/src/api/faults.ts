/** Intuit's error vocabulary: every failure the v3 API answers is one of these. */
export type FaultType = 'ValidationFault' | 'SystemFault' | 'AuthenticationFault' | 'AuthorizationFault';

export interface FaultError {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

export class QboFault extends Error {
  constructor(
    readonly status: number,
    readonly type: FaultType,
    readonly errors: FaultError[],
  ) {
    super(errors[0]?.Message ?? type);
  }
}

function validation(code: string, message: string, detail: string, element = ''): QboFault {
  return new QboFault(400, 'ValidationFault', [{ Message: message, Detail: detail, code, element }]);
}

/** Intuit says this of an inactive reference and of an object it cannot find alike. */
const MADE_INACTIVE = "Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.";

const invalidReference = (detail: string, element: string) => validation('2500', 'Invalid Reference Id', `Invalid Reference Id : ${detail}`, element);

export const faults = {
  objectNotFound: (entity: string, id: string) => validation('610', 'Object Not Found', `Object Not Found : ${MADE_INACTIVE} (${entity} ${id})`),
  staleObject: () =>
    validation(
      '5010',
      'Stale Object Error',
      'Stale Object Error : You and QuickBooks User were working on this at the same time. QuickBooks User finished before you did, so your work was not saved.',
    ),
  requiredParam: (param: string) =>
    validation('2020', 'Required param missing, need to supply the required value for the API', `Required parameter ${param} is missing in the request`, param),
  invalidReference,
  /** A new line naming an item (or other name) that was made inactive; Intuit names no element. */
  madeInactive: () => invalidReference(MADE_INACTIVE, ''),
  queryParse: (detail: string) => validation('4000', 'Error parsing query', `QueryParserError: ${detail}`),
  queryValidation: (detail: string) => validation('4001', 'Invalid query', `QueryValidationError: ${detail}`),
  duplicateName: (name: string) =>
    validation(
      '6240',
      'Duplicate Name Exists Error',
      `The name supplied already exists. : Another customer, vendor or employee is already using this name (${name}). Please use a different name.`,
    ),
  businessValidation: (detail: string, element = '') =>
    validation('6000', 'A business validation error has occurred while processing your request', `Business Validation Error: ${detail}`, element),
  unsupportedOperation: (operation: string) => validation('500', 'Unsupported Operation', `Operation ${operation} is not supported.`),
  malformedRequest: (detail: string) => validation('2010', 'Request has invalid or unsupported property', `Property Name:${detail}`),
  /**
   * A `minorversion` that is not a whole number. Intuit ignores versions below 75 since
   * August 2025, but still refuses a value it cannot read as a version.
   */
  invalidMinorVersion: (value: string) =>
    validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:minorversion=${value} specified is unsupported or invalid`,
      'minorversion',
    ),
  /** A property the entity's schema does not have; Intuit names it in Detail and element. */
  unknownProperty: (entity: string, property: string) =>
    validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:Unrecognized field "${property}" (class com.intuit.schema.finance.v3.${entity}), not marked as ignorable specified is unsupported or invalid`,
      property,
    ),
  invalidString: (element: string, value: string) =>
    validation('2040', 'Invalid String. The String may contain unsupported or illegal chars', `Element contains invalid characters. ${value}`, element),
  stringLength: (element: string, max: number, length: number) =>
    validation(
      '2050',
      'String length is either shorter or longer than supported by specification',
      `String length specified does not match the supported length. Min:0 Max:${max} supported. Supplied length:${length}`,
      element,
    ),
  amountMismatch: (amount: number, element: string) =>
    validation(
      '6070',
      'Amount is not equal to UnitPrice * Qty',
      `Amount is not equal to UnitPrice * Qty. Supplied value:${amount.toLocaleString('en-US', { maximumFractionDigits: 10 })}`,
      element,
    ),
  batchTooLarge: (size: number, max: number) =>
    validation('1040', 'Batch size exceeds allowed limit', `Batch size ${size} exceeds allowed limit of ${max}`, 'BatchItemRequest'),
  /** A write to a path QBO has no resource for; Intuit calls it an unsupported operation. */
  unknownResourceWrite: (relative: string, full: string) =>
    validation('500', 'Unsupported Operation', `Operation Could not find resource for relative : ${relative} of full path: ${full} is not supported.`),
  /** A read of a path QBO has no resource for surfaces as a system fault. */
  unknownResourceRead: (relative: string, full: string) =>
    new QboFault(404, 'SystemFault', [
      {
        Message: 'An application error has occurred while processing your request',
        Detail: `System Failure Error: Could not find resource for relative : ${relative} of full path: ${full}`,
        code: '10000',
      },
    ]),
  applicationAuthorization: () =>
    new QboFault(403, 'AuthorizationFault', [
      {
        Message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
        Detail: 'SystemFault',
        code: '3100',
      },
    ]),
  system: (status: number) =>
    new QboFault(status, 'SystemFault', [
      {
        Message: 'An application error has occurred while processing your request',
        Detail: 'System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again.',
        code: '10000',
      },
    ]),
};

export function faultBody(fault: QboFault, time: string): string {
  return JSON.stringify({ Fault: { Error: fault.errors, type: fault.type }, time });
}

/**
 * An expired, revoked or unknown bearer token: Intuit answers this one in lower case,
 * unlike every other fault.
 */
export function authenticationFailedBody(detail: string, time: string): string {
  return JSON.stringify({
    fault: {
      error: [
        {
          message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
          detail,
          code: '3200',
        },
      ],
      type: 'AUTHENTICATION',
    },
    time,
  });
}

/** Throttling is answered as XML whatever the Accept header asked for, as Intuit does. */
export function throttleBody(time: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${time}">` +
    '<Fault type="SERVICE"><Error code="3001">' +
    '<Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message>' +
    '<Detail>The request limit was reached.  Try again later</Detail>' +
    '</Error></Fault></IntuitResponse>'
  );
}
