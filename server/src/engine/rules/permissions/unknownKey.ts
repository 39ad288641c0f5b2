import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('permissions');

export { unknownKeyDecision as decision } from '../shapeRules';
