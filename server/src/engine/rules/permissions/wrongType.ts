import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('permissions');

export { wrongTypeDecision as decision } from '../shapeRules';
