import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('hooks');

export { unknownKeyDecision as decision } from '../shapeRules';
