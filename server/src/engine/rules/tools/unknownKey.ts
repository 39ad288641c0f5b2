import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('tools');

export { unknownKeyDecision as decision } from '../shapeRules';
