/**
 * Names of the operations of the OpenAPI document, derived from method and path alone so they are the same on every
 * run and for every route added later: `operationId` (camelCase, unique) and a readable `summary` for routes that
 * declare none (`schema.summary` always wins). Used by core/openapi.ts.
 */

/** Summaries written by hand where the derived sentence reads badly, keyed by `METHOD /api/path`. */
const SUMMARY_OVERRIDES: Record<string, string> = {
  'GET /api/health': 'Health check',
  'GET /api/health/live': 'Liveness probe',
  'GET /api/health/ready': 'Readiness probe (database, storage)',
  'GET /api/metrics': 'Prometheus metrics',
  'POST /api/auth/login': 'Sign in with email and password',
  'POST /api/auth/logout': 'Sign out (revokes the refresh-token family)',
  'POST /api/auth/refresh': 'Exchange a refresh token for new tokens',
  'POST /api/auth/register': 'Create a personal (tenant) account',
  'POST /api/auth/register-company': 'Create a company and its owner',
  'GET /api/auth/me': 'Get the signed-in account',
  'POST /api/auth/forgot-password': 'Request a password-reset email',
  'GET /api/properties/search': 'Search properties',
  'GET /api/rental-units/search': 'Search rental units',
  'GET /api/properties/user': "List the caller's properties",
  'GET /api/tenants/me': "The signed-in person's own tenancies",
  'GET /api/inapp-notifications/user': "List the caller's in-app notifications",
  'POST /api/auth/admin/create': 'Create an admin account',
  'POST /api/auth/login/2fa': 'Complete a sign-in with a two-factor code',
  'POST /api/company-users/migrate-permissions': 'Bring members’ permissions up to the current catalogue',
  'POST /api/bookings/{id}/installment/{n}': 'Pay an installment of a booking',
  'GET /api/deposits/mine/{id}/pdf': 'The settlement statement of one of my deposits',
  'GET /api/maintenance/types/single/{id}': 'Get a maintenance type',
  'PUT /api/maintenance/types/single/{id}': 'Update a maintenance type',
  'DELETE /api/maintenance/types/single/{id}': 'Delete a maintenance type',
  'PATCH /api/maintenance/types/single/{id}/toggle': 'Switch a maintenance type on or off',
  'POST /api/superadmin/companies/{id}/subscription/force-update': 'Force a subscription change of a company',
  'POST /api/payments/webhook': 'Payment gateway webhook (signed by the gateway)',
  'POST /api/chat/direct': 'Open a direct chat with a member',
  'POST /api/chat/channels/{id}/typing': 'Tell a channel the caller is typing',
  'POST /api/chat/channels/{id}/read': 'Mark a channel read',
};

/** First words of a path segment that make it an action rather than a sub-resource (`/tenants/{id}/approve`). */
const ACTION_WORDS = new Set([
  'accept',
  'add',
  'apply',
  'approve',
  'archive',
  'assign',
  'bulk',
  'calculate',
  'cancel',
  'change',
  'check',
  'checkout',
  'close',
  'commit',
  'complete',
  'confirm',
  'create',
  'deactivate',
  'decline',
  'disable',
  'download',
  'duplicate',
  'enable',
  'export',
  'extend',
  'finalize',
  'forget',
  'forgot',
  'generate',
  'import',
  'invite',
  'issue',
  'login',
  'logout',
  'mark',
  'move',
  'pay',
  'preview',
  'publish',
  'reactivate',
  'read',
  'record',
  'redeliver',
  'refresh',
  'refund',
  'register',
  'reject',
  'remind',
  'remove',
  'renew',
  'reopen',
  'request',
  'resend',
  'reset',
  'resolve',
  'restore',
  'revoke',
  'rotate',
  'save',
  'search',
  'send',
  'set',
  'setup',
  'sign',
  'start',
  'stop',
  'submit',
  'switch',
  'sync',
  'test',
  'toggle',
  'transfer',
  'unpublish',
  'update',
  'upload',
  'use',
  'validate',
  'verify',
  'void',
]);

interface Segment {
  text: string;
  isParam: boolean;
}

function segmentsOf(path: string): Segment[] {
  return path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((text) => ({ text: text.replace(/^\{(.+)\}$/, '$1'), isParam: /^\{.+\}$/.test(text) }));
}

function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function pascal(text: string): string {
  return wordsOf(text)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/**
 * `GET /api/tenants/{id}/documents/{docId}` → `getTenantsByIdDocumentsByDocId`: the method, then every path segment,
 * parameters as `By<Name>`. Unique because method + path template is unique in a document.
 */
export function operationIdOf(method: string, path: string): string {
  const parts = segmentsOf(path).map((segment) =>
    segment.isParam ? `By${pascal(segment.text)}` : pascal(segment.text),
  );
  return method.toLowerCase() + parts.join('');
}

const IRREGULAR: Record<string, string> = {
  people: 'person',
  statuses: 'status',
  analytics: 'analytics',
  settings: 'settings',
  financials: 'financials',
  dues: 'dues',
  news: 'news',
  gst: 'gst',
  tds: 'tds',
  metrics: 'metrics',
};

function singular(phrase: string): string {
  const words = phrase.split(' ');
  const last = words.pop() ?? '';
  let one = last;
  if (IRREGULAR[last]) one = IRREGULAR[last];
  else if (/ies$/.test(last)) one = `${last.slice(0, -3)}y`;
  else if (/(ss|us)$/.test(last)) one = last;
  else if (/(sses|xes|ches|shes)$/.test(last)) one = last.slice(0, -2);
  else if (/s$/.test(last)) one = last.slice(0, -1);
  return [...words, one].join(' ');
}

function human(text: string): string {
  return wordsOf(text).join(' ');
}

function withArticle(noun: string): string {
  const vowelSound = /^[aeiou]/.test(noun) && !/^(u[bcdfghjklmnpqrstvwxz][aeiou]|uni|use|eu|one)/.test(noun);
  return `${vowelSound ? 'an' : 'a'} ${noun}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isAction(text: string): boolean {
  return ACTION_WORDS.has(wordsOf(text)[0] ?? '');
}

/** `extend-lease` + "a tenant" → "Extend the lease of a tenant"; `move-out` → "Move out a tenant". */
function actionPhrase(text: string, middle: string, ownerNoun: string): string {
  const [verb, ...rest] = wordsOf(text);
  const particle = rest.length === 1 && ['in', 'out', 'up', 'off', 'on'].includes(rest[0]);
  const object = [middle, ...(particle ? [] : rest)].filter(Boolean).join(' ');
  const head = capitalise([verb, ...(particle ? rest : [])].join(' '));
  if (!ownerNoun) return object ? `${head} ${object}` : head;
  return object ? `${head} the ${object} of ${ownerNoun}` : `${head} ${ownerNoun}`;
}

/**
 * A readable summary: "List tenants", "Get a tenant", "Update a tenant of a rental unit", "Approve a tenant",
 * "List documents of a tenant". `returnsList` says whether the success answer's `data` is an array.
 */
export function summaryOf(method: string, path: string, returnsList: boolean): string {
  const override = SUMMARY_OVERRIDES[`${method.toUpperCase()} ${path}`];
  if (override) return override;
  const segments = segmentsOf(path);
  const verb = method.toUpperCase();
  const last = segments.at(-1);
  if (!last) return `${capitalise(verb.toLowerCase())} the API root`;
  const literalIndexes = segments.flatMap((segment, index) => (segment.isParam ? [] : [index]));
  const ownerOf = (beforeIndex: number): string => {
    // The nearest literal before `beforeIndex` that names one record (followed by a parameter).
    for (let index = beforeIndex - 1; index >= 0; index -= 1) {
      const segment = segments[index];
      if (!segment.isParam && segments[index + 1]?.isParam)
        return ` of ${withArticle(singular(human(segment.text)))}`;
    }
    return '';
  };

  if (last.isParam) {
    const resourceIndex = literalIndexes.at(-1) ?? 0;
    const resource = segments[resourceIndex];
    const paramNoun = human(last.text.replace(/Id$/, ''));
    if (resource && isAction(resource.text)) return `${capitalise(human(resource.text))} by ${paramNoun}`;
    const owner = ownerOf(resourceIndex);
    if (verb === 'GET' && returnsList && resource) {
      return `List ${human(resource.text)} of ${withArticle(paramNoun)}`;
    }
    const thing = resource ? withArticle(singular(human(resource.text))) : 'a record';
    const action =
      { GET: 'Get', PUT: 'Update', PATCH: 'Update', DELETE: 'Delete', POST: 'Create' }[verb] ?? verb;
    return `${action} ${thing}${owner}`;
  }

  const lastIndex = segments.length - 1;
  const words = human(last.text);
  // The literals between the last parameter and the last segment (`/companies/{id}/subscription/cancel`).
  const lastParam = segments.findLastIndex((segment) => segment.isParam);
  const middle = segments
    .slice(lastParam + 1, lastIndex)
    .map((segment) => human(segment.text))
    .join(' ');
  const owner = lastParam >= 0 ? ownerOf(lastParam + 1) : '';
  const ownerNoun = owner.replace(/^ of /, '');
  if (owner) {
    if (isAction(last.text)) return actionPhrase(last.text, middle, ownerNoun);
    const subject = [middle, words].filter(Boolean).join(' ');
    if (verb === 'GET') return returnsList ? `List ${subject}${owner}` : `Get the ${subject}${owner}`;
    if (verb === 'POST') return `Add ${withArticle(singular(subject))} to ${ownerNoun}`;
    if (verb === 'DELETE') return `Delete the ${subject}${owner}`;
    return `Update the ${subject}${owner}`;
  }
  // No record in the path: `/tenants`, `/properties/search`, `/auth/login`.
  const context = segments
    .slice(0, lastIndex)
    .map((segment) => human(segment.text))
    .join(' ');
  if (isAction(last.text)) return `${actionPhrase(last.text, '', '')}${context ? ` (${context})` : ''}`;
  if (!context) {
    if (verb === 'GET') return `${returnsList ? 'List' : 'Get'} ${words}`;
    if (verb === 'POST') return `Create ${withArticle(singular(words))}`;
    if (verb === 'DELETE') return `Delete ${words}`;
    return `Update ${words}`;
  }
  if (verb === 'GET') return `${returnsList ? 'List' : 'Get'} ${words} (${context})`;
  if (verb === 'POST') return `Create ${withArticle(singular(`${context} ${words}`))}`;
  if (verb === 'DELETE') return `Delete ${words} (${context})`;
  return `Update ${words} (${context})`;
}
