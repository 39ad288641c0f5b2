import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('manifest');

export { unknownKeyDecision as decision } from '../shapeRules';
