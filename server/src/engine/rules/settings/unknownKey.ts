import { genericUnknownKey } from '../shapeRules';

export const unknownKeyRule = genericUnknownKey('settings');

export { unknownKeyDecision as decision } from '../shapeRules';
