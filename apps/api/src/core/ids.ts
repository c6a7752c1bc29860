const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (any version, either case): ids of rows, the x-company-id header, cursor payloads. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
