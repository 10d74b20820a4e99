/**
 * The swarm's draw ({@code make simulate PROFILE=swarm}, as TigerBeetle's VOPR draws its cluster and
 * fault rates per seed): the settings a seed deploys, each drawn within the values it allows (a
 * template parameter's {@code AllowedValues} or {@code MinValue}..{@code MaxValue}, read from the
 * template; the simulation's own settings from their lists), never a set the template's
 * {@code Rules} refuse (the template model's evaluator judges each draw, a refused one is drawn
 * again and counted), from a random stream of the seed's own ({@code SETTINGS}), so that a seed
 * gives the same draw every time and its payments and faults are drawn as without it; and the
 * distribution of what a swarm drew. Which setting drives what in a run is the top package's
 * {@code SwarmSettings}.
 */
package com.example.sim.swarm;
