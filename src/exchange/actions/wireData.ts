/**
 * `response.data` as handed to the serializer: int64 fields may be bigint and are written
 * with their exact digits.
 */
export type WireData = Record<string, unknown>;
