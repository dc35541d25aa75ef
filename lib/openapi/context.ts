/**
 * What an object in an OpenAPI document is, from where it sits. The resolver needs it to
 * tell a reference from data (a `$ref` key inside an `example` or an `x-` extension is data,
 * and a key named `$ref` under `properties` is a property name), and to know which
 * components section an external schema, parameter or response belongs in.
 */
import {
  AUTHORED_DATA_KEYWORDS,
  AUTHORED_SCHEMA_KEYWORDS,
  AUTHORED_SCHEMA_MAP_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
} from '../core/schema-keywords';

export type Kind =
  | 'root'
  | 'paths'
  | 'pathItem'
  | 'operation'
  | 'parameterList'
  | 'parameter'
  | 'responses'
  | 'response'
  | 'requestBody'
  | 'contentMap'
  | 'mediaType'
  | 'encodingMap'
  | 'encoding'
  | 'headerMap'
  | 'header'
  | 'exampleMap'
  | 'example'
  | 'linkMap'
  | 'link'
  | 'callbackMap'
  | 'callback'
  | 'components'
  | 'schemaMap'
  | 'schema'
  | 'schemaList'
  | 'responseMap'
  | 'parameterMap'
  | 'requestBodyMap'
  | 'securitySchemeMap'
  | 'pathItemMap'
  | 'generic'
  /** Data, not OpenAPI structure: nothing inside is a reference. */
  | 'literal';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Maps whose keys are names chosen by the author (a key `x-foo` there is a name, not an extension). */
const NAME_MAPS = new Set<Kind>([
  'contentMap',
  'encodingMap',
  'headerMap',
  'exampleMap',
  'linkMap',
  'callbackMap',
  'schemaMap',
  'responseMap',
  'parameterMap',
  'requestBodyMap',
  'securitySchemeMap',
  'pathItemMap',
]);


/** The kind of the value under `key` of an object of kind `kind`. */
export function childKind(kind: Kind, key: string, swagger2: boolean): Kind {
  if (kind === 'literal') return 'literal';
  if (NAME_MAPS.has(kind)) return mapValueKind(kind);
  if (key.startsWith('x-')) return 'literal';
  switch (kind) {
    case 'root':
      if (key === 'paths') return 'paths';
      if (key === 'webhooks') return 'pathItemMap';
      if (key === 'components') return 'components';
      if (swagger2 && key === 'definitions') return 'schemaMap';
      if (swagger2 && key === 'parameters') return 'parameterMap';
      if (swagger2 && key === 'responses') return 'responseMap';
      return 'generic';
    case 'paths':
    case 'callback':
      return 'pathItem';
    case 'pathItem':
      if (METHODS.has(key)) return 'operation';
      if (key === 'parameters') return 'parameterList';
      return 'generic';
    case 'operation':
      if (key === 'parameters') return 'parameterList';
      if (key === 'requestBody') return 'requestBody';
      if (key === 'responses') return 'responses';
      if (key === 'callbacks') return 'callbackMap';
      return 'generic';
    case 'parameter':
    case 'header':
      if (key === 'schema' || key === 'items') return 'schema';
      if (key === 'content') return 'contentMap';
      if (key === 'examples') return swagger2 ? 'literal' : 'exampleMap';
      if (key === 'example' || key === 'default' || key === 'enum') return 'literal';
      return 'generic';
    case 'responses':
      return 'response';
    case 'response':
      if (key === 'headers') return 'headerMap';
      if (key === 'content') return 'contentMap';
      if (key === 'links') return 'linkMap';
      if (key === 'schema') return 'schema';
      if (key === 'examples') return 'literal';
      return 'generic';
    case 'requestBody':
      if (key === 'content') return 'contentMap';
      return 'generic';
    case 'mediaType':
      if (key === 'schema') return 'schema';
      if (key === 'examples') return 'exampleMap';
      if (key === 'example') return 'literal';
      if (key === 'encoding') return 'encodingMap';
      return 'generic';
    case 'encoding':
      if (key === 'headers') return 'headerMap';
      return 'generic';
    case 'example':
      return key === 'value' ? 'literal' : 'generic';
    case 'link':
      return key === 'parameters' || key === 'requestBody' ? 'literal' : 'generic';
    case 'components':
      switch (key) {
        case 'schemas':
          return 'schemaMap';
        case 'responses':
          return 'responseMap';
        case 'parameters':
          return 'parameterMap';
        case 'examples':
          return 'exampleMap';
        case 'requestBodies':
          return 'requestBodyMap';
        case 'headers':
          return 'headerMap';
        case 'securitySchemes':
          return 'securitySchemeMap';
        case 'links':
          return 'linkMap';
        case 'callbacks':
          return 'callbackMap';
        case 'pathItems':
          return 'pathItemMap';
        default:
          return 'generic';
      }
    case 'schema':
      if (AUTHORED_SCHEMA_KEYWORDS.has(key)) return 'schema';
      if (AUTHORED_SCHEMA_MAP_KEYWORDS.has(key)) return 'schemaMap';
      if (SCHEMA_LIST_KEYWORDS.has(key)) return 'schemaList';
      if (AUTHORED_DATA_KEYWORDS.has(key)) return 'literal';
      return 'generic';
    default:
      return 'generic';
  }
}

/** The kind of each element of an array of kind `kind`. */
export function elementKind(kind: Kind): Kind {
  switch (kind) {
    case 'parameterList':
      return 'parameter';
    case 'schemaList':
    case 'schema':
      return 'schema';
    case 'literal':
      return 'literal';
    default:
      return 'generic';
  }
}

function mapValueKind(kind: Kind): Kind {
  switch (kind) {
    case 'contentMap':
      return 'mediaType';
    case 'encodingMap':
      return 'encoding';
    case 'headerMap':
      return 'header';
    case 'exampleMap':
      return 'example';
    case 'linkMap':
      return 'link';
    case 'callbackMap':
      return 'callback';
    case 'schemaMap':
      return 'schema';
    case 'responseMap':
      return 'response';
    case 'parameterMap':
      return 'parameter';
    case 'requestBodyMap':
      return 'requestBody';
    case 'pathItemMap':
      return 'pathItem';
    default:
      return 'generic';
  }
}

/** Where an external object of this kind is put when a `$ref` brings it in: its components section. */
export function componentSection(kind: Kind, swagger2: boolean): readonly string[] | null {
  if (swagger2) {
    if (kind === 'schema') return ['definitions'];
    if (kind === 'parameter') return ['parameters'];
    if (kind === 'response') return ['responses'];
    return null;
  }
  switch (kind) {
    case 'schema':
      return ['components', 'schemas'];
    case 'response':
      return ['components', 'responses'];
    case 'parameter':
      return ['components', 'parameters'];
    case 'requestBody':
      return ['components', 'requestBodies'];
    case 'header':
      return ['components', 'headers'];
    case 'example':
      return ['components', 'examples'];
    case 'link':
      return ['components', 'links'];
    case 'callback':
      return ['components', 'callbacks'];
    default:
      return null;
  }
}
