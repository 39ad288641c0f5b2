import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('views');

export { unknownKeyDecision as decision } from '../shapeRules';
