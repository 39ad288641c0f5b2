import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('hooks');

export { wrongTypeDecision as decision } from '../shapeRules';
