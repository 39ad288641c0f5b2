import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('settings');

export { wrongTypeDecision as decision } from '../shapeRules';
