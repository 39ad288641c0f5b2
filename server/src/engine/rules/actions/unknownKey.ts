import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('actions');

export { unknownKeyDecision as decision } from '../shapeRules';
