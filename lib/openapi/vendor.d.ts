/** swagger-parser's schema validator (ajv against the official Swagger 2.0 / OpenAPI 3.0 / 3.1 schemas). */
declare module '@apidevtools/swagger-parser/lib/validators/schema.js' {
  /** Throws a SyntaxError whose `details` are ajv's errors when the document does not match. */
  const validateSchema: (api: unknown) => void;
  export default validateSchema;
}
