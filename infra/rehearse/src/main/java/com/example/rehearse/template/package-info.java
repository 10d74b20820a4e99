/**
 * The translated template as deployed with one set of parameter values: conditions decided,
 * intrinsics resolved, dependencies known ({@link com.example.rehearse.template.ResolvedTemplate}),
 * and its Rules judged ({@link com.example.rehearse.template.ParameterRules}).
 */
package com.example.rehearse.template;
