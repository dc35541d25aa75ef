/** One error of an Ajv validator (the fields this project reads). */
export interface AjvError {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An Ajv standalone validator: true when the data is valid, else its errors are on `errors`. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
