/**
 * The bill of a million payments: {@link com.example.bench.cost.PriceList} (the prices, each with
 * its region, date and source, from {@code prices-<region>.properties}),
 * {@link com.example.bench.cost.TrafficMix} (the parameters of the traffic),
 * {@link com.example.bench.cost.Usage} (what a run measured one implementation use) and
 * {@link com.example.bench.cost.Bill} (usage times prices, per million payments), rendered by
 * {@link com.example.bench.cost.CostMarkdown}. The measuring run is
 * {@code com.example.bench.endtoend.CostRun} ({@code make cost}); nothing here measures.
 */
package com.example.bench.cost;
