import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('commands');

export { unknownKeyDecision as decision } from '../shapeRules';
