/**
 * Getting up: how a body lies (pose classes from the pelvis and chest), the get-up clips as data
 * and their library, choosing the nearest one, placing it under the body and blending it in.
 */
package dev.sinew.reactions.getup;
