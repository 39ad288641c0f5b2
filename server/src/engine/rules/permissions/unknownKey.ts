import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('permissions');
